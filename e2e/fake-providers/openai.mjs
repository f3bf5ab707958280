// A local server speaking the OpenAI chat-completions protocol (streaming included), for tests.
// The last user message chooses the behaviour:
//   contains "fail-auth"   → 401 with an OpenAI-style error body
//   contains "fail-server" → 500 with an error body
//   contains "hang"        → accepts the request and never answers
//   contains "break"       → streams two words, then drops the connection
//   contains "stop-me"     → streams two words, then waits (the test stops it: no race with the end)
//   anything else          → streams "This is a streamed reply from the test provider." word by word,
//                            or, when the instructions ask for a product draft, FAKE_DRAFT, or for a
//                            translation into Spanish or French, fakeTranslation(language, text)
import http from 'node:http';

export const FAKE_REPLY = 'This is a streamed reply from the test provider.';
/** A product draft in the format the product form's "Write with AI" asks for. */
export const FAKE_DRAFT =
  'TITLE: Watercolor Brush Pack\nTAGS: Design, Illustration, Watercolor\nDESCRIPTION:\nTwenty hand-made watercolor brushes for Procreate.\nEach one is tested on paper textures.';
/** What the fake answers to a translation: the text, marked with the language asked for. */
export const fakeTranslation = (language, text) => `[${language}] ${text}`;

/** The reply to a request: a draft, a translation or the plain reply, chosen by its instructions. */
function replyTo(messages) {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const prompt = messages.at(-1)?.content ?? '';
  if (system.includes('TITLE:')) return FAKE_DRAFT;
  const language = /Translate .* into (\w+)\./.exec(system)?.[1];
  return language ? fakeTranslation(language, prompt) : FAKE_REPLY;
}

/** @returns {Promise<{ url: string, requests: object[], close: () => Promise<void> }>} */
export async function startFakeOpenAI({ port = 0, wordDelayMs = 40 } = {}) {
  const requests = [];
  const sockets = new Set();
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
    }
    const payload = JSON.parse(body);
    requests.push({ headers: req.headers, body: payload });
    const prompt = payload.messages.at(-1)?.content ?? '';
    if (prompt.includes('fail-auth')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
    }
    if (prompt.includes('fail-server')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } }));
    }
    if (prompt.includes('hang')) return; // never answers
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const words = replyTo(payload.messages).split(' ').map((word, index) => (index === 0 ? word : ` ${word}`));
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: payload.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const [index, word] of words.entries()) {
      if (prompt.includes('break') && index === 2) {
        await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
        return req.socket.destroy();
      }
      if (prompt.includes('stop-me') && index === 2) return; // open until the client goes away
      await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
      if (res.destroyed) return;
      res.write(chunk({ content: word }));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
