export declare const FAKE_REPLY: string;
export declare const FAKE_DRAFT: string;
export declare function fakeTranslation(language: string, text: string): string;
export declare function startFakeOpenAI(options?: { port?: number; wordDelayMs?: number }): Promise<{
  url: string;
  requests: { headers: Record<string, string | string[] | undefined>; body: { model: string; messages: { role: string; content: string }[] } }[];
  close: () => Promise<void>;
}>;
