import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { CreateDemoRequestBody } from '@contract/demo-requests';
import { USE_CASES } from '@contract/use-cases';
import { buttonVariants } from '@/components/ui/button-variants';
import { inputClasses, labelClasses } from '@/components/ui/field-classes';
import { i18n, useTranslation } from '@/lib/i18n/i18n';
import { translatedServerSentence } from '@/lib/i18n/server-sentences';
import { HttpError } from '@/lib/request';
import { useCreateDemoRequest } from '../api/create-demo-request';

const EMPTY = { name: '', email: '', usecase: '' };
type Field = keyof typeof EMPTY;
type FieldElement = HTMLInputElement | HTMLSelectElement;

/** What an empty field says, by its name (landing.json's demo.*Missing). */
const MISSING: Record<Field, string> = { name: 'demo.nameMissing', email: 'demo.emailMissing', usecase: 'demo.useCaseMissing' };

/** SPEC §8's alerts for the three outcomes of a submit, in the page's language. */
export function demoRequestFailureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    return i18n.t('landing:demo.error', { message: error.serverMessage === undefined ? i18n.t('landing:demo.failed') : translatedServerSentence(error.serverMessage) });
  }
  return i18n.t('common:networkError');
}

/**
 * SPEC §5: name required, email required and of email type, a use case of the six. The browser's
 * own constraint validation checks them (no validation library shipped to the landing page); the
 * server checks them again with the contract's schema.
 */
export function DemoRequestForm() {
  const { t } = useTranslation(['landing', 'common']);
  const [values, setValues] = useState(EMPTY);
  const mutation = useCreateDemoRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await mutation.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim() } as CreateDemoRequestBody);
      window.alert(t('demo.submitted'));
      setValues(EMPTY);
    } catch (error) {
      window.alert(demoRequestFailureMessage(error));
    }
  }

  const set = (field: Field) => (event: ChangeEvent<FieldElement>) => {
    event.target.setCustomValidity('');
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };
  // The browser checks the fields, but would say so in its own language, not the page's: each
  // failed check gets its sentence here (cleared on the next change, so the browser checks again).
  const explain = (event: FormEvent<FieldElement>) => {
    const field = event.currentTarget;
    const missing = field.validity.valueMissing;
    field.setCustomValidity(missing ? t(MISSING[field.name as Field]) : field.validity.typeMismatch ? t('demo.emailInvalid') : '');
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby="demo-form-title" className="rounded-3xl bg-white p-6 shadow-xl shadow-genie-900/5 ring-1 ring-slate-200 sm:p-8">
      <h3 id="demo-form-title" className="text-lg font-semibold">
        {t('demo.formTitle')}
      </h3>
      <div className="mt-6 grid gap-5">
        <div className="grid gap-1.5">
          <label htmlFor="demo-name" className={labelClasses}>
            {t('demo.name')}
          </label>
          <input id="demo-name" name="name" autoComplete="name" required maxLength={200} value={values.name} onChange={set('name')} onInvalid={explain} className={inputClasses} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="demo-email" className={labelClasses}>
            {t('demo.email')}
          </label>
          <input
            id="demo-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={values.email}
            onChange={set('email')}
            onInvalid={explain}
            className={inputClasses}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="demo-usecase" className={labelClasses}>
            {t('demo.useCase')}
          </label>
          <select
            id="demo-usecase"
            name="usecase"
            required
            value={values.usecase}
            onChange={set('usecase')}
            onInvalid={explain}
            className={inputClasses}
          >
            <option value="" disabled>
              {t('demo.chooseUseCase')}
            </option>
            {USE_CASES.map((useCase) => (
              <option key={useCase.value} value={useCase.value}>
                {t(`useCases.${useCase.value}.title`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={mutation.isPending} className={buttonVariants({ size: 'lg', className: 'mt-1 w-full' })}>
          {mutation.isPending ? t('demo.sending') : t('hero.requestDemo')}
        </button>
        <p className="text-center text-xs text-slate-500">{t('demo.privacy')}</p>
      </div>
    </form>
  );
}
