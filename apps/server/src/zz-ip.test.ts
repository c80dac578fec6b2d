import Fastify from 'fastify';
import { it } from 'vitest';
it('ip', async () => {
  const app = Fastify({ trustProxy: true });
  app.get('/', async (req) => ({ ip: req.ip, ips: req.ips }));
  const r = await app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '1.2.3.4' } });
  console.log(r.body);
  const r2 = await app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' } });
  console.log(r2.body);
});
