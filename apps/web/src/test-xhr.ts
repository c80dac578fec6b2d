import { vi } from 'vitest';

/**
 * XMLHttpRequest for the web tests, answered by the same fake server as fetch (test-utils' fakeApi): the
 * request goes through the stubbed `fetch`, so routes, bodies and the request log are shared. The upload
 * reports its progress in two steps; `holdAfterUpload` keeps the answer back once the body has gone out,
 * so a test can see what the screen shows while the server works.
 */
export function fakeXhr() {
  let hold: Promise<void> | null = null;
  let releaseHold = () => {};

  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: string | Blob) {
      void this.run(body);
    }
    private async run(body: string | Blob) {
      const total = typeof body === 'string' ? body.length : body.size;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      await Promise.resolve();
      progress(Math.floor(total / 2));
      progress(total);
      this.upload.onload?.();
      if (hold) await hold;
      const res = await fetch(this.url, { method: this.method, headers: this.headers, body });
      const text = await res.text();
      if (this.aborted) return;
      this.status = res.status;
      this.responseText = text;
      this.onload?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    /** Keeps the next answers back after their upload, until `release`. */
    holdAfterUpload() {
      hold = new Promise<void>((resolve) => {
        releaseHold = resolve;
      });
    },
    release() {
      releaseHold();
      hold = null;
    },
  };
}
