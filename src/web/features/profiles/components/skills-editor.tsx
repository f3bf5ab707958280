import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addSkill, SKILL_MAX_LENGTH, SKILLS_MAX } from '#shared/profiles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** Skills as removable chips; a skill is added only if it is non-empty and not already there. */
export function SkillsEditor({ id, skills, onChange, error }: { id: string; skills: string[]; onChange: (skills: string[]) => void; error?: string }) {
  const { t } = useTranslation('profiles');
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = addSkill(skills, draft);
    if (next.length !== skills.length) onChange(next);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('fields.skills')}</legend>
      {skills.length > 0 ? (
        <ul aria-label={t('fields.skills')} className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="inline-flex items-center gap-1 rounded-full border border-border bg-accent py-1 pr-1 pl-3 text-sm text-accent-foreground">
              {skill}
              <button
                type="button"
                onClick={() => onChange(skills.filter((item) => item !== skill))}
                aria-label={t('skills.remove', { skill })}
                className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('skills.empty')}</p>
      )}
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={id} className="sr-only">
            {t('skills.new')}
          </Label>
          <Input
            id={id}
            value={draft}
            maxLength={SKILL_MAX_LENGTH}
            placeholder={t('skills.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={skills.length >= SKILLS_MAX}
          />
        </div>
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim() || skills.length >= SKILLS_MAX}>
          <Plus aria-hidden="true" /> {t('skills.add')}
        </Button>
      </div>
      {error ? <p className="text-sm text-red-400">{error}</p> : null}
    </fieldset>
  );
}
