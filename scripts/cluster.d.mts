// Types of scripts/cluster.mjs, for the cluster's test suite (apps/server/cluster).
import type { ChildProcess } from 'node:child_process';

export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_REDIS_URL: string;
export const DEFAULT_DATA_DIR: string;
export const NGINX_TEMPLATE: string;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type RunningProcess = { child: ChildProcess; pid: number; exited: Promise<Exit> };

export type ClusterServer = RunningProcess & { index: number; name: string; port: number; url: string };

export type ClusterOptions = {
  servers?: number;
  port?: number;
  serverPorts?: number[];
  databaseUrl?: string;
  redisUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  inheritEnv?: boolean;
  onLine?: (name: string, line: string) => void;
  build?: boolean;
  upstreamHeader?: boolean;
};

export type Cluster = {
  url: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  env: Record<string, string | undefined>;
  servers: ClusterServer[];
  nginx: RunningProcess;
  stopServer: (index: number, signal?: NodeJS.Signals) => Promise<Exit>;
  startServer: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

export function startCluster(options?: ClusterOptions): Promise<Cluster>;
export function freePort(): Promise<number>;
export function ensureDatabase(url: string): Promise<void>;
export function dropDatabase(url: string): Promise<void>;
export function redisAnswers(url: string): Promise<boolean>;
export function clusterSecrets(
  dataDir: string,
  env?: Record<string, string | undefined>,
): { JWT_SECRET: string; TOKEN_ENCRYPTION_KEY: string };
export function findNginx(): string | null;
export function ensureNginx(): string;
export function waitForHealth(
  url: string,
  options?: { exited?: Promise<Exit>; timeoutMs?: number; name?: string },
): Promise<void>;
export function nginxConfig(options: {
  prefix: string;
  port: number;
  serverPorts: number[];
  upstreamHeader?: boolean;
  accessLog?: boolean;
}): string;
