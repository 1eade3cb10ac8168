import { COUNTIES } from '@common/counties';
import { isWeaponCategory, LEGAL_CHOICES } from '@common/legal';
import {
  BARREL_LENGTH_MAX_MM,
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  LOCATION_MAX,
  MODEL_MAX,
  PRICE_MAX,
  TITLE_MAX,
} from '@common/limits';
import { type AdImage, type AdInput, type AdInputParsed, adInputSchema } from '@common/schemas/ads';
import { ACTIONS, CATEGORIES, CONDITIONS } from '@common/values';
import { zodResolver } from '@hookform/resolvers/zod';
import { FieldError, FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { useTranslation } from '@web/lib/use-translation';
import { Loader2 } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormPriceInsight } from './form-price-insight';
import { ImageUploadField } from './image-upload-field';
import { BrandInput, CaliberInput } from './spec-inputs';
import { TitleCounter } from './title-counter';
import { useAdImages } from './use-ad-images';

/** The order of the form, so the first message shown is the first field in error on screen. */
const FIELD_ORDER = [
  'title',
  'description',
  'imageIds',
  'category',
  'condition',
  'price',
  'county',
  'location',
  'brand',
  'model',
  'caliber',
  'action',
  'barrelLength',
  'capacity',
  'subcategory',
  'legalCategory',
  'declaration',
] as const satisfies ReadonlyArray<keyof AdInput>;

type FieldName = (typeof FIELD_ORDER)[number];

type Props = {
  defaultValues?: Partial<AdInput>;
  initialImages?: readonly AdImage[];
  /** Edit: new images' buttons read 'Remove new'. */
  labelNewAsNew?: boolean;
  submitLabel: string;
  busyLabel: string;
  /**
   * Shown above the submit button; a function gets the form's values as typed and the images' ids, so
   * that the edit page says what saving will do (issue 26).
   */
  notice?: ReactNode | ((values: AdInput, imageIds: readonly string[]) => ReactNode);
  /** The schema checked on submit: the post form's by default; the edit page passes its own. */
  schema?: typeof adInputSchema;
  onSubmit(values: AdInputParsed): Promise<void>;
};

/** The ad form of post-ad and edit: one schema (common's adInputSchema) checks it on submit. */
export function AdForm({
  defaultValues,
  initialImages,
  labelNewAsNew,
  submitLabel,
  busyLabel,
  notice,
  schema = adInputSchema,
  onSubmit,
}: Props) {
  const { t } = useTranslation(['listings', 'validation']);
  const id = useId();
  const images = useAdImages(initialImages);
  const form = useForm<AdInput, unknown, AdInputParsed>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: {
      title: '',
      description: '',
      price: '',
      location: '',
      brand: '',
      model: '',
      caliber: '',
      action: '',
      barrelLength: '',
      capacity: '',
      subcategory: null,
      imageIds: [],
      ...defaultValues,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const message = (name: FieldName) => {
    const key = errors[name]?.message;
    return key ? t(`validation:${key}`, { defaultValue: t('validation:invalid') }) : undefined;
  };

  // Each message shows under its field; focus goes to the first on screen once the fieldsets, disabled
  // while the check runs, are enabled again.
  const onInvalid = (fieldErrors: FieldErrors<AdInput>) => {
    const first = FIELD_ORDER.find((name) => fieldErrors[name] && name !== 'imageIds');
    if (first) setTimeout(() => form.setFocus(first));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (images.failed) {
      event.preventDefault();
      toast.error(t('images.failedBeforeSubmit'));
      return;
    }
    form.setValue('imageIds', images.ids);
    void form.handleSubmit(onSubmit, onInvalid)(event);
  };

  const field = (name: FieldName, extra?: { describedBy?: string }) => {
    const error = message(name);
    const describedBy = [extra?.describedBy, error ? `${id}-${name}-error` : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${id}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };

  const busy = isSubmitting || images.uploading;
  const isWeapon = isWeaponCategory(form.watch('category') ?? '');
  const legalChoice = form.watch('legalCategory');

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" data-testid="ad-form" noValidate>
      <fieldset className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6" disabled={isSubmitting}>
        <legend className="sr-only">{t('form.basics')}</legend>
        <Field
          label={t('form.title')}
          htmlFor={`${id}-title`}
          error={message('title')}
          errorId={`${id}-title-error`}
          aside={<TitleCounter control={form.control} max={TITLE_MAX} />}
        >
          <Input
            {...field('title')}
            {...form.register('title')}
            required
            maxLength={TITLE_MAX}
            autoComplete="off"
          />
        </Field>
        <Field
          label={t('form.description')}
          htmlFor={`${id}-description`}
          error={message('description')}
          errorId={`${id}-description-error`}
        >
          <Textarea
            {...field('description')}
            {...form.register('description')}
            rows={6}
            required
            maxLength={DESCRIPTION_MAX}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <span id={`${id}-images-label`} className="text-sm font-medium leading-none">
            {t('form.images')}
          </span>
          <ImageUploadField images={images} labelNewAsNew={labelNewAsNew} labelId={`${id}-images-label`} />
          <FieldError id={`${id}-imageIds-error`} error={message('imageIds')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('form.category')}
            htmlFor={`${id}-category`}
            error={message('category')}
            errorId={`${id}-category-error`}
          >
            <NativeSelect {...field('category')} {...form.register('category')}>
              <option value="">{t('form.chooseCategory')}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label={t('form.condition')}
            htmlFor={`${id}-condition`}
            error={message('condition')}
            errorId={`${id}-condition-error`}
          >
            <NativeSelect {...field('condition')} {...form.register('condition')}>
              <option value="">{t('form.chooseCondition')}</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {t(`conditions.${condition}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label={t('form.county')}
            htmlFor={`${id}-county`}
            error={message('county')}
            errorId={`${id}-county-error`}
          >
            <NativeSelect {...field('county')} {...form.register('county')} required>
              <option value="">{t('form.chooseCounty')}</option>
              {COUNTIES.map((county) => (
                <option key={county.code} value={county.code}>
                  {county.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label={t('form.location')}
            htmlFor={`${id}-location`}
            error={message('location')}
            errorId={`${id}-location-error`}
          >
            <Input
              {...field('location')}
              {...form.register('location')}
              required
              maxLength={LOCATION_MAX}
              autoComplete="address-level2"
            />
          </Field>
          <Field
            label={t('form.price')}
            htmlFor={`${id}-price`}
            error={message('price')}
            errorId={`${id}-price-error`}
          >
            <Input
              {...field('price')}
              {...form.register('price')}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              max={PRICE_MAX}
              required
            />
          </Field>
          <FormPriceInsight control={form.control} />
        </div>
      </fieldset>

      {isWeapon && (
        <fieldset
          className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6"
          disabled={isSubmitting}
          aria-describedby={message('legalCategory') ? `${id}-legalCategory-error` : undefined}
        >
          <legend className="float-left mb-1 w-full text-base font-semibold">{t('legal.legend')}</legend>
          <p className="text-sm text-muted-foreground">{t('legal.intro')}</p>
          <div className="flex flex-col gap-2" role="radiogroup" aria-label={t('legal.legend')}>
            {LEGAL_CHOICES.map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  value={choice}
                  {...form.register('legalCategory')}
                  className="mt-1 size-4 accent-primary"
                  aria-describedby={`${id}-legal-${choice}-help`}
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{t(`legal.choices.${choice}`)}</span>
                  <span id={`${id}-legal-${choice}-help`} className="text-sm text-muted-foreground">
                    {t(`legal.help.${choice}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-legalCategory-error`} error={message('legalCategory')} />
          {legalChoice === 'prohibited' && (
            <div
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
            >
              <p className="font-semibold">{t('legal.prohibitedTitle')}</p>
              <p>{t('legal.prohibitedBody')}</p>
            </div>
          )}
          <label className="flex cursor-pointer gap-3 rounded-md border p-3" htmlFor={`${id}-declaration`}>
            <input
              id={`${id}-declaration`}
              type="checkbox"
              {...form.register('declaration')}
              className="mt-1 size-4 accent-primary"
              aria-invalid={message('declaration') ? true : undefined}
              aria-describedby={message('declaration') ? `${id}-declaration-error` : undefined}
            />
            <span className="text-sm">{t('legal.declaration')}</span>
          </label>
          <FieldError id={`${id}-declaration-error`} error={message('declaration')} />
        </fieldset>
      )}

      <fieldset className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6" disabled={isSubmitting}>
        <legend className="float-left mb-1 w-full">
          <span className="text-base font-semibold">{t('form.specifications')}</span>{' '}
          <span className="text-sm text-muted-foreground">{t('form.optional')}</span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('fields.brand')}
            htmlFor={`${id}-brand`}
            error={message('brand')}
            errorId={`${id}-brand-error`}
          >
            <Controller
              control={form.control}
              name="brand"
              render={({ field: brand }) => (
                <BrandInput
                  {...field('brand')}
                  ref={brand.ref}
                  name={brand.name}
                  value={String(brand.value ?? '')}
                  onValueChange={brand.onChange}
                  onBlur={brand.onBlur}
                />
              )}
            />
          </Field>
          <Field
            label={t('fields.model')}
            htmlFor={`${id}-model`}
            error={message('model')}
            errorId={`${id}-model-error`}
          >
            <Input {...field('model')} {...form.register('model')} maxLength={MODEL_MAX} />
          </Field>
          <Field
            label={t('fields.caliber')}
            htmlFor={`${id}-caliber`}
            error={message('caliber')}
            errorId={`${id}-caliber-error`}
          >
            <Controller
              control={form.control}
              name="caliber"
              render={({ field: caliber }) => (
                <CaliberInput
                  {...field('caliber', { describedBy: `${id}-caliber-hint` })}
                  hintId={`${id}-caliber-hint`}
                  ref={caliber.ref}
                  name={caliber.name}
                  value={String(caliber.value ?? '')}
                  onValueChange={caliber.onChange}
                  onBlur={caliber.onBlur}
                />
              )}
            />
          </Field>
          <Field
            label={t('fields.action')}
            htmlFor={`${id}-action`}
            error={message('action')}
            errorId={`${id}-action-error`}
          >
            <NativeSelect {...field('action')} {...form.register('action')}>
              <option value="">{t('form.chooseAction')}</option>
              {ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`actions.${action}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label={t('form.barrelLength')}
            htmlFor={`${id}-barrelLength`}
            error={message('barrelLength')}
            errorId={`${id}-barrelLength-error`}
          >
            <Input
              {...field('barrelLength')}
              {...form.register('barrelLength')}
              type="number"
              inputMode="numeric"
              step={1}
              min={0}
              max={BARREL_LENGTH_MAX_MM}
            />
          </Field>
          <Field
            label={t('form.capacity')}
            htmlFor={`${id}-capacity`}
            error={message('capacity')}
            errorId={`${id}-capacity-error`}
          >
            <Input
              {...field('capacity')}
              {...form.register('capacity')}
              type="number"
              inputMode="numeric"
              step={1}
              min={0}
              max={CAPACITY_MAX}
            />
          </Field>
        </div>
      </fieldset>

      {typeof notice === 'function' ? notice(form.watch(), images.ids) : notice}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={busy} className="sm:min-w-48">
          {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        {images.uploading && !isSubmitting && (
          <p className="text-sm text-muted-foreground" role="status">
            {t('images.waitForUploads')}
          </p>
        )}
      </div>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  error,
  aside,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  errorId: string;
  /** Beside the label: the title's character counter. */
  aside?: ReactNode;
  children: ComponentProps<typeof FormField>['children'];
}) {
  return (
    <FormField id={htmlFor} label={label} error={error} labelAside={aside} className="gap-1.5">
      {children}
    </FormField>
  );
}
