import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18nReady, loadNamespaces } from '#web/lib/i18n.ts';
import { getAiStatusQueryOptions } from '../api/get-ai-status.ts';
import { ProductAiDraft } from './product-ai-draft.tsx';

/** The Write with AI row as the server renders it, with the AI status already known. */
function render(configured: boolean) {
  const client = new QueryClient();
  client.setQueryData(getAiStatusQueryOptions().queryKey, { configured, missingSettings: configured ? [] : ['AI_BASE_URL'] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ProductAiDraft category="eBook" onDraft={() => undefined} />
    </QueryClientProvider>,
  );
}

const button = (html: string) => /<button[^>]*>/.exec(html)![0];

describe('Write with AI in the product form', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['products']);
    await changeLanguage('en');
  });
  afterAll(() => changeLanguage('en'));

  it('is off without a provider, saying why beside the button', () => {
    const html = render(false);
    expect(button(html)).toContain('disabled=""');
    expect(html).toContain('Write with AI is off: no AI provider is set up on this server.');
    // The reason is the button's description, not only a tooltip; no setting name is shown.
    const reasonId = /aria-describedby="([^"]+)"/.exec(button(html))![1];
    expect(html).toContain(`id="${reasonId}"`);
    expect(html).not.toContain('AI_BASE_URL');
  });

  it('is on with a provider', () => {
    const html = render(true);
    expect(button(html)).not.toContain('disabled=""');
    expect(html).toContain('Draft the title, description and tags from a few words.');
  });

  it('explains itself in Spanish and French', async () => {
    await changeLanguage('es');
    expect(render(false)).toContain('Escribir con IA está desactivado: este servidor no tiene configurado ningún proveedor de IA.');
    await changeLanguage('fr');
    expect(render(false)).toContain('aucun fournisseur d’IA n’est configuré sur ce serveur.');
  });
});
