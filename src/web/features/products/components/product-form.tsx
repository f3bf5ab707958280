import { zodResolver } from '@hookform/resolvers/zod';
import { FileClock, ImageIcon, Plus, Save, Upload, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link } from 'react-router';
import {
  CATEGORIES,
  COVER_IMAGE_MAX_BYTES,
  parseTags,
  PRODUCT_FILE_MAX_BYTES,
  PRODUCT_MESSAGES,
  PRODUCT_SLUG_MAX,
  PRODUCT_SLUG_MESSAGES,
  TAG_SUGGESTIONS,
} from '#shared/products.ts';
import type { Currency } from '#shared/money.ts';
import { productFormSchema, type ProductFormFields } from '#shared/products-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox, CheckboxSetting } from '#web/components/ui/checkbox.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiError } from '#web/lib/api.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { dismissToast, showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import type { GalleryEntry, ProductFormValues } from '../api/types.ts';
import { useUploadCategoryLabel } from '#web/lib/use-category-label.ts';
import { formatBytes } from '#web/lib/format.ts';
import { useTagLabel } from '#web/lib/use-tag-label.ts';
import { DescriptionTranslate } from './description-translate.tsx';
import { ProductAiDraft } from './product-ai-draft.tsx';
import { GalleryField } from './gallery-field.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { amountInputProps } from '#shared/money.ts';

/** The Markdown preview loads marked only when the Preview tab opens. */
const MarkdownText = lazy(() => import('./markdown-text.tsx'));

/** The text fields, checked by the shared productFormSchema; the files are checked as they are chosen. */
type TextFields = z.input<typeof productFormSchema>;
type Files = Pick<ProductFormValues, 'file' | 'cover' | 'removeCover'>;
const TEXT_FIELDS = ['name', 'price', 'suggestedPrice', 'description', 'category', 'tags', 'slug'] as const;
const MISSING_TOAST = 'product-form-missing-fields';

const controlClass =
  'w-full rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm text-foreground shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400';
const fileClass = cn(
  controlClass,
  'h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-accent',
);

export interface ProductFormProps {
  mode: 'create' | 'edit';
  initial?: Partial<ProductFormValues>;
  /** Edit mode: the product's current cover and file, shown until replaced. */
  currentCoverUrl?: string | null;
  currentFile?: { name: string; size: number };
  cancelHref: string;
  /** The store's currency: the prices are typed in it. */
  currency: Currency;
  /** Sends the form; reports upload progress through `onProgress`. Throwing shows 'Upload Failed' with the message. */
  onSubmit: (values: ProductFormValues, onProgress: (fraction: number) => void) => Promise<void>;
}

/** The product form of SPEC §5, shared by upload and edit; checks run before anything is sent. */
export function ProductForm({ mode, initial, currentCoverUrl, currentFile, cancelHref, currency, onSubmit }: ProductFormProps) {
  const { t } = useTranslation('products');
  const categoryLabel = useUploadCategoryLabel();
  const tagLabel = useTagLabel();
  const id = useId();
  const start = {
    name: '',
    price: '',
    description: '',
    category: CATEGORIES[0],
    tags: '',
    file: null,
    cover: null,
    removeCover: false,
    licenseKeys: false,
    payWhatYouWant: false,
    suggestedPrice: '',
    ...initial,
  };
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setFocus,
    setError,
    clearErrors,
    formState: { errors, isSubmitted },
  } = useForm<TextFields, unknown, ProductFormFields>({
    resolver: zodResolver(productFormSchema),
    // After the first submit each field is checked again as it changes, so its message (and the
    // Missing Fields banner) goes as soon as it is fixed.
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      name: start.name,
      price: start.price,
      suggestedPrice: start.suggestedPrice,
      description: start.description,
      category: start.category,
      tags: start.tags,
      slug: start.slug ?? '',
    },
  });
  const [files, setFiles] = useState<Files>({ file: start.file, cover: start.cover, removeCover: start.removeCover });
  const [licenseKeys, setLicenseKeys] = useState(start.licenseKeys);
  const [payWhatYouWant, setPayWhatYouWant] = useState(start.payWhatYouWant);
  const [gallery, setGallery] = useState<GalleryEntry[]>(start.gallery ?? []);
  const [descriptionTab, setDescriptionTab] = useState('write');
  const [fileErrors, setFileErrors] = useState<{ file?: string; cover?: string }>({});
  /** Why the last upload failed (the server's answer); the form's own checks are derived below. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = progress !== null;
  const isCreate = mode === 'create';
  const nameError = errors.name?.message === PRODUCT_MESSAGES.missingFields ? t('form.nameRequired') : fieldMessage(errors.name?.message, 'products', PRODUCT_MESSAGES);
  const priceError = errors.price?.message === PRODUCT_MESSAGES.missingFields ? t('form.priceRequired') : fieldMessage(errors.price?.message, 'products', PRODUCT_MESSAGES);
  const suggestedError = fieldMessage(errors.suggestedPrice?.message, 'products', PRODUCT_MESSAGES);
  const slugError = fieldMessage(errors.slug?.message, 'products', PRODUCT_SLUG_MESSAGES);
  /** Which button sent the upload: "Save as draft" keeps the new product unpublished. */
  const [asDraft, setAsDraft] = useState(false);

  const coverPreview = useMemo(() => (files.cover ? URL.createObjectURL(files.cover) : null), [files.cover]);
  useEffect(() => () => {
    if (coverPreview) URL.revokeObjectURL(coverPreview);
  }, [coverPreview]);
  const shownCover = coverPreview ?? (files.removeCover ? null : (currentCoverUrl ?? null));

  const currentTags = parseTags(useWatch({ control, name: 'tags' }) ?? '');
  const [category, description] = useWatch({ control, name: ['category', 'description'] });
  /** Fields filled by Write with AI, checked again after a first submit (as when typed). */
  const fill = (name: 'name' | 'description' | 'tags', value: string) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const hasTag = (tag: string) => currentTags.some((existing) => existing.toLowerCase() === tag.toLowerCase());

  const setFile = <K extends keyof Files>(key: K, value: Files[K], error?: string) => {
    setFiles((previous) => ({ ...previous, [key]: value }));
    if (key !== 'removeCover') setFileErrors((previous) => ({ ...previous, [key]: error }));
  };

  const toggleTag = (tag: string) => {
    const next = hasTag(tag) ? currentTags.filter((existing) => existing.toLowerCase() !== tag.toLowerCase()) : [...currentTags, tag];
    setValue('tags', next.join(', '));
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > PRODUCT_FILE_MAX_BYTES) {
      event.target.value = '';
      setFile('file', null, t('errors.fileTooLarge'));
      showToast({ title: t('form.fileTooLargeTitle'), description: t('errors.fileTooLarge'), variant: 'error' });
      return;
    }
    setFile('file', file);
  };

  const chooseCover = (event: ChangeEvent<HTMLInputElement>) => {
    const cover = event.target.files?.[0] ?? null;
    const problem = !cover
      ? undefined
      : !cover.type.startsWith('image/')
        ? t('errors.coverNotImage')
        : cover.size > COVER_IMAGE_MAX_BYTES
          ? t('errors.coverTooLarge')
          : undefined;
    if (problem) {
      event.target.value = '';
      setFile('cover', null, problem);
      showToast({ title: t('form.invalidCoverTitle'), description: problem, variant: 'error' });
      return;
    }
    setFile('cover', cover);
  };

  /** A new product needs its file (not a text field, so not in the schema). */
  const fileMissing = () => isCreate && !files.file;
  const fileError = fileErrors.file ?? (isSubmitted && fileMissing() ? t('form.fileRequired') : undefined);

  // The banner follows the fields as they are now: 'Missing Fields' while a required one is empty,
  // else the first other problem (such as the price's), else why the last upload failed.
  const missingNow = isSubmitted && ((['name', 'price'] as const).some((key) => errors[key]?.message === PRODUCT_MESSAGES.missingFields) || fileMissing());
  const otherProblem = isSubmitted ? TEXT_FIELDS.map((key) => errors[key]?.message).find(Boolean) : undefined;
  const formError = missingNow ? t('errors.missingFields') : otherProblem ? localizeMessage(otherProblem, 'products', PRODUCT_MESSAGES) : submitError;
  // The Missing Fields toast goes with the banner.
  useEffect(() => {
    if (!missingNow) dismissToast(MISSING_TOAST);
  }, [missingNow]);

  /** Missing fields are told by a toast too, and marked alone (as before the other checks). */
  const report = (found: FieldErrors<TextFields>) => {
    const missing = (['name', 'price'] as const).filter((key) => found[key]?.message === PRODUCT_MESSAGES.missingFields);
    if (missing.length === 0 && !fileMissing()) return;
    for (const key of TEXT_FIELDS) if (found[key]?.message !== PRODUCT_MESSAGES.missingFields) clearErrors(key);
    showToast({ title: t('form.missingTitle'), description: t('form.missingDescription'), variant: 'error', id: MISSING_TOAST });
  };

  const submit = async (fields: ProductFormFields) => {
    if (fileMissing()) return report({});
    setProgress(0);
    try {
      await onSubmit(
        {
          ...start,
          ...fields,
          description: fields.description ?? '',
          tags: fields.tags ?? '',
          suggestedPrice: fields.suggestedPrice ?? '',
          slug: fields.slug ?? '',
          draft: isCreate && asDraft,
          ...files,
          licenseKeys,
          payWhatYouWant,
          gallery,
        },
        setProgress,
      );
    } catch (error) {
      // A taken or refused address is told at its field.
      if (error instanceof ApiError && (error.code === 'slug_taken' || error.code === 'invalid_slug')) {
        setError('slug', { message: error.code === 'slug_taken' ? PRODUCT_SLUG_MESSAGES.slugTaken : PRODUCT_SLUG_MESSAGES.slugInvalid });
        setFocus('slug');
      }
      const message = localizeError(error, 'products', t('common.unexpected'));
      setSubmitError(message);
      showToast({ title: t('errors.uploadFailedTitle'), description: message, variant: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSubmitError(null);
        void handleSubmit(submit, report)(event);
      }}
      aria-label={isCreate ? t('form.uploadLabel') : t('form.editLabel')} className="grid gap-6">
      <fieldset disabled={submitting} className="grid min-w-0 gap-6">
        <ProductAiDraft
          category={category ?? CATEGORIES[0]}
          onDraft={(draft) => {
            if (draft.title) fill('name', draft.title);
            if (draft.description) fill('description', draft.description);
            if (draft.tags.length > 0) fill('tags', draft.tags.join(', '));
          }}
        />
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_12rem]">
          <FormField id={fieldId('name')} label={t('form.name')} error={nameError}>
            <Input
              id={fieldId('name')}
              maxLength={120}
              autoComplete="off"
              placeholder={t('form.namePlaceholder')}
              {...fieldAria(fieldId('name'), nameError)}
              {...register('name')}
            />
          </FormField>
          <FormField id={fieldId('price')} label={payWhatYouWant ? t('form.minimumPrice', { currency }) : t('form.price', { currency })} error={priceError}>
            <Input
              id={fieldId('price')}
              type="number"
              min={0}
              {...amountInputProps(currency)}
              {...fieldAria(fieldId('price'), priceError)}
              {...register('price')}
            />
          </FormField>
        </div>

        <div className="grid gap-4 rounded-lg border border-border bg-muted/40 p-3 sm:grid-cols-2 sm:items-start">
          <CheckboxSetting
            id={fieldId('pay-what-you-want')}
            label={t('form.payWhatYouWant')}
            hint={t('form.payWhatYouWantHint')}
            checked={payWhatYouWant}
            onChange={(event) => setPayWhatYouWant(event.target.checked)}
          />
          {payWhatYouWant ? (
            <FormField id={fieldId('suggested-price')} label={t('form.suggestedPrice', { currency })} error={suggestedError} hint={t('form.suggestedPriceHint')}>
              <Input
                id={fieldId('suggested-price')}
                type="number"
                min={0}
                {...amountInputProps(currency, '10.00', '1000')}
                {...fieldAria(fieldId('suggested-price'), suggestedError)}
                {...register('suggestedPrice')}
              />
            </FormField>
          ) : null}
        </div>

        <FormField id={fieldId('description')} label={t('form.description')} hint={t('form.descriptionHint')}>
          <Tabs value={descriptionTab} onValueChange={setDescriptionTab} className="grid gap-2">
            <TabsList aria-label={t('form.descriptionEditor')} className="h-9 w-fit">
              <TabsTrigger value="write">{t('form.descriptionWrite')}</TabsTrigger>
              <TabsTrigger value="preview">{t('form.descriptionPreview')}</TabsTrigger>
            </TabsList>
            {/* The text area stays in the form while the preview shows (so it is always sent). */}
            <TabsContent value="write" forceMount hidden={descriptionTab !== 'write'} className="mt-0">
              <textarea
                id={fieldId('description')}
                rows={5}
                maxLength={5000}
                placeholder={t('form.descriptionPlaceholder')}
                className={cn(controlClass, 'min-h-28 resize-y')}
                {...register('description')}
              />
            </TabsContent>
            <TabsContent value="preview" className="mt-0 min-h-28 rounded-lg border border-border bg-muted/30 px-3 py-2 text-sm text-muted-foreground" data-testid="description-preview">
              {description?.trim() ? (
                <Suspense fallback={<p>{t('form.previewLoading')}</p>}>
                  <MarkdownText text={description} newTabLabel={t('product.opensInNewTab')} />
                </Suspense>
              ) : (
                <p>{t('form.previewEmpty')}</p>
              )}
            </TabsContent>
          </Tabs>
        </FormField>
        <DescriptionTranslate
          description={description ?? ''}
          onUse={(text) => {
            fill('description', text);
            // The text area is hidden while the preview shows.
            setDescriptionTab('write');
            setFocus('description');
          }}
        />

        <div className="grid gap-6 md:grid-cols-[18rem_minmax(0,1fr)]">
          <FormField id={fieldId('category')} label={t('form.category')}>
            <select
              id={fieldId('category')}
              className={cn(controlClass, 'h-10 cursor-pointer py-0')}
              {...register('category')}
            >
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={fieldId('tags')} label={t('form.tags')} hint={t('form.tagsHint')}>
            <Input
              id={fieldId('tags')}
              autoComplete="off"
              placeholder={t('form.tagsPlaceholder')}
              {...register('tags')}
            />
          </FormField>
        </div>

        <div className="grid gap-2">
          <p id={fieldId('suggestions')} className="text-sm text-muted-foreground">
            {t('form.suggestedTags')}
          </p>
          <ul aria-labelledby={fieldId('suggestions')} className="flex flex-wrap gap-2">
            {TAG_SUGGESTIONS.map((tag) => {
              const active = hasTag(tag);
              return (
                <li key={tag}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => toggleTag(tag)}
                    className={cn(
                      'inline-flex cursor-pointer items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed',
                      active
                        ? 'border-violet-400/60 bg-violet-500/20 text-violet-100'
                        : 'border-border bg-muted/60 text-muted-foreground hover:bg-accent hover:text-foreground',
                    )}
                  >
                    {active ? <X aria-hidden="true" className="size-3" /> : <Plus aria-hidden="true" className="size-3" />}
                    <span className="sr-only">{active ? t('form.removeTag') : t('form.addTag')} </span>
                    {tagLabel(tag)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="grid gap-6 md:grid-cols-2">
          <FormField
            id={fieldId('file')}
            label={t('form.file')}
            error={fileError}
            hint={
              files.file
                ? t('form.chosenFile', { name: files.file.name, size: formatBytes(files.file.size) })
                : currentFile
                  ? t('form.currentFile', { name: currentFile.name, size: formatBytes(currentFile.size) })
                  : t('form.fileHint')
            }
          >
            <input id={fieldId('file')} type="file" onChange={chooseFile} className={fileClass} {...fieldAria(fieldId('file'), fileError)} />
          </FormField>

          <div className="grid content-start gap-2">
            <FormField
              id={fieldId('cover')}
              label={t('form.cover')}
              error={fileErrors.cover}
              hint={t('form.coverHint')}
            >
              <input
                id={fieldId('cover')}
                type="file"
                accept="image/*"
                onChange={chooseCover}
                className={fileClass}
                {...fieldAria(fieldId('cover'), fileErrors.cover)}
              />
            </FormField>
            {!isCreate && currentCoverUrl ? (
              <div className="flex items-center gap-2">
                <Checkbox id={fieldId('remove-cover')} checked={files.removeCover} onChange={(event) => setFile('removeCover', event.target.checked)} />
                <Label htmlFor={fieldId('remove-cover')} className="cursor-pointer font-normal">
                  {t('form.removeCover')}
                </Label>
              </div>
            ) : null}
          </div>
        </div>

        {isCreate ? null : (
          <FormField id={fieldId('slug')} label={t('form.slug')} error={slugError} hint={t('form.slugHint', { example: `${window.location.origin}/store/product/…` })}>
            <Input
              id={fieldId('slug')}
              maxLength={PRODUCT_SLUG_MAX}
              autoComplete="off"
              spellCheck={false}
              {...fieldAria(fieldId('slug'), slugError)}
              {...register('slug')}
            />
          </FormField>
        )}

        <GalleryField id={fieldId('gallery')} value={gallery} onChange={setGallery} />

        <CheckboxSetting
          id={fieldId('license-keys')}
          label={t('form.licenseKeys')}
          hint={t('form.licenseKeysHint')}
          checked={licenseKeys}
          onChange={(event) => setLicenseKeys(event.target.checked)}
          className="rounded-lg border border-border bg-muted/40 p-3"
        />

        <figure className="grid gap-2">
          <figcaption className="text-sm text-muted-foreground">{t('form.coverPreview')}</figcaption>
          <div className="flex aspect-[16/9] w-full max-w-sm items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-muted/40">
            {shownCover ? (
              <img src={shownCover} alt={t('form.coverPreview')} className="size-full object-cover" />
            ) : (
              <span className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
                <ImageIcon aria-hidden="true" className="size-6" />
                {t('form.noCover')}
              </span>
            )}
          </div>
        </figure>
      </fieldset>

      {formError ? (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-100">
          {formError}
        </p>
      ) : null}

      {progress !== null ? <UploadProgress fraction={progress} /> : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" aria-disabled={submitting}>
          <Link to={cancelHref} tabIndex={submitting ? -1 : undefined}>
            {t('common.cancel')}
          </Link>
        </Button>
        {isCreate ? (
          <Button type="submit" variant="outline" disabled={submitting} onClick={() => setAsDraft(true)}>
            {submitting && asDraft ? <Spinner /> : <FileClock aria-hidden="true" />} {t('form.saveDraft')}
          </Button>
        ) : null}
        <Button type="submit" disabled={submitting} className="sm:min-w-40" onClick={() => setAsDraft(false)}>
          {submitting && !asDraft ? (
            <>
              <Spinner className="text-white" /> {isCreate ? t('form.uploading') : t('form.saving')}
            </>
          ) : isCreate ? (
            <>
              <Upload aria-hidden="true" /> {t('form.upload')}
            </>
          ) : (
            <>
              <Save aria-hidden="true" /> {t('form.save')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
