import { extractText } from 'unpdf';

/** A PDF's text as a reader extracts it (all pages), and its page count. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const { totalPages, text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text, pages: totalPages };
}
