export declare const FAKE_REPLY: string;
export declare function startFakeOpenAI(options?: { port?: number; wordDelayMs?: number }): Promise<{
  url: string;
  requests: { headers: Record<string, string | string[] | undefined>; body: { model: string; messages: { role: string; content: string }[] } }[];
  close: () => Promise<void>;
}>;
