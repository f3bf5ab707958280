import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { portfolioItemSchema } from '#shared/profiles-update.ts';
import { PORTFOLIO_MAX, type PortfolioItem, PROFILE_MESSAGES } from '#shared/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { localizeMessage } from '#web/lib/server-message.ts';
import { issuesByPath } from '#web/lib/form-errors.ts';

const EMPTY = { title: '', link: '', imageUrl: '' };

/** Portfolio items (title and link required, an optional image address), added and removed in place. */
export function PortfolioEditor({ items, onChange, error }: { items: PortfolioItem[]; onChange: (items: PortfolioItem[]) => void; error?: string }) {
  const { t } = useTranslation('profiles');
  const id = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldId = (name: string) => `${id}-${name}`;

  const add = () => {
    const parsed = portfolioItemSchema.safeParse({ id: crypto.randomUUID(), ...draft, imageUrl: draft.imageUrl.trim() });
    if (!parsed.success) {
      const found = issuesByPath(parsed.error.issues);
      setErrors(Object.fromEntries(Object.entries(found).map(([path, message]) => [path, localizeMessage(message, 'profiles', PROFILE_MESSAGES)])));
      return;
    }
    const { imageUrl, ...item } = parsed.data;
    onChange([...items, imageUrl ? { ...item, imageUrl } : item]);
    setDraft(EMPTY);
    setErrors({});
  };

  // Enter in the new item's fields adds the item rather than submitting the whole profile.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium">{t('fields.portfolio')}</legend>
      {items.length > 0 ? (
        <ul aria-label={t('fields.portfolio')} className="grid gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{item.title}</p>
                <a href={item.link} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex max-w-full items-center gap-1 text-xs text-brand-soft hover:underline">
                  <span className="truncate">{item.link}</span> <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                </a>
              </div>
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(items.filter((other) => other.id !== item.id))} aria-label={t('portfolio.remove', { title: item.title })}>
                <Trash2 aria-hidden="true" /> {t('portfolio.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('portfolio.empty')}</p>
      )}
      {items.length < PORTFOLIO_MAX ? (
        <div className="grid gap-3 rounded-lg border border-dashed border-border p-4">
          <p className="text-sm font-medium">{t('portfolio.addTitle')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={fieldId('title')} label={t('portfolio.title')} error={errors.title}>
              <Input id={fieldId('title')} value={draft.title} maxLength={120} onKeyDown={onKeyDown} onChange={(event) => setDraft({ ...draft, title: event.target.value })} {...fieldAria(fieldId('title'), errors.title)} />
            </FormField>
            <FormField id={fieldId('link')} label={t('portfolio.link')} error={errors.link}>
              <Input id={fieldId('link')} type="url" inputMode="url" placeholder="https://" value={draft.link} onKeyDown={onKeyDown} onChange={(event) => setDraft({ ...draft, link: event.target.value })} {...fieldAria(fieldId('link'), errors.link)} />
            </FormField>
            <FormField id={fieldId('image')} label={t('portfolio.image')} error={errors.imageUrl} hint={t('portfolio.imageHint')} className="sm:col-span-2">
              <Input id={fieldId('image')} type="url" inputMode="url" placeholder="https://" value={draft.imageUrl} onKeyDown={onKeyDown} onChange={(event) => setDraft({ ...draft, imageUrl: event.target.value })} {...fieldAria(fieldId('image'), errors.imageUrl)} />
            </FormField>
          </div>
          <div>
            <Button type="button" variant="outline" onClick={add}>
              <Plus aria-hidden="true" /> {t('portfolio.add')}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <p className="text-sm text-red-400">{error}</p> : null}
    </fieldset>
  );
}
