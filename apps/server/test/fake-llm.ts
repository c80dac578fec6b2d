import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat message as the fake receives it. */
export type FakeMessage = {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
export type FakeRequest = {
  model: string;
  messages: FakeMessage[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  stream?: boolean;
};
/** What the fake model does next: call functions, answer in words, or fail. */
export type FakeStep =
  | { toolCalls: { name: string; arguments: object | string }[] }
  | { content: string }
  | { fail: number };

/**
 * A local OpenAI-compatible chat server for tests (POST /v1/chat/completions, streamed or not): the
 * script decides each reply from the conversation so far, so tests drive the real SDK through tool calls.
 */
export async function startFakeLlm(script: (request: FakeRequest) => FakeStep) {
  const requests: FakeRequest[] = [];
  const usage = { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as FakeRequest;
      requests.push(request);
      const step = script(request);
      if ('fail' in step) {
        res.writeHead(step.fail, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the model is down', type: 'server_error' } }));
        return;
      }
      const id = `chatcmpl-${requests.length}`;
      const toolCalls =
        'toolCalls' in step
          ? step.toolCalls.map((c, index) => ({
              index,
              id: `call_${requests.length}_${index}`,
              type: 'function' as const,
              function: {
                name: c.name,
                arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
              },
            }))
          : [];
      const content = 'content' in step ? step.content : null;
      const finish = toolCalls.length ? 'tool_calls' : 'stop';
      const base = { id, object: 'chat.completion.chunk', created: 1, model: request.model };
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created: 1,
            model: request.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content, tool_calls: toolCalls.length ? toolCalls : undefined },
                finish_reason: finish,
              },
            ],
            usage,
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (data: object) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      // Words in several chunks, and each call's arguments split in two, as real servers stream them.
      for (const word of (content ?? '').match(/\S+\s*/g) ?? []) {
        send({ ...base, choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
      }
      for (const call of toolCalls) {
        const half = Math.floor(call.function.arguments.length / 2);
        send({
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    ...call,
                    function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        });
        send({
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  { index: call.index, function: { arguments: call.function.arguments.slice(half) } },
                ],
              },
              finish_reason: null,
            },
          ],
        });
      }
      send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
      send({ ...base, choices: [], usage });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    usage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;
