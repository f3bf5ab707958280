import http from 'node:http';

/** What a visit over real HTTP answered. */
export interface HostVisit {
  status: number;
  location?: string;
  type?: string;
  policy?: string | string[];
  text: string;
}

/**
 * A request over real HTTP to the app listening at `base`, with the Host header a browser (or a bot,
 * with its user agent) on that domain sends: how creators' domains are told apart.
 */
export function visitHost(base: URL, host: string, path: string, options: { method?: string; userAgent?: string } = {}): Promise<HostVisit> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) };
    const req = http.request({ host: base.hostname, port: base.port, path, method: options.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, type: res.headers['content-type'], policy: res.headers['content-security-policy'], text }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
