import { useState, type FormEvent } from 'react';
import type { CreateDemoRequestBody } from '@contract/demo-requests';
import { USE_CASES } from '@contract/use-cases';
import { buttonVariants } from '@/components/ui/button-variants';
import { inputClasses, labelClasses } from '@/components/ui/field-classes';
import { HttpError } from '@/lib/request';
import { useCreateDemoRequest } from '../api/create-demo-request';

const EMPTY = { name: '', email: '', usecase: '' };

/** SPEC §8's alerts for the three outcomes of a submit. */
export function demoRequestFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return `Error: ${error.serverMessage ?? 'Failed to submit request'}`;
  return 'Network error. Please try again.';
}

/**
 * SPEC §5: name required, email required and of email type, a use case of the six. The browser's
 * own constraint validation checks them (no validation library shipped to the landing page); the
 * server checks them again with the contract's schema.
 */
export function DemoRequestForm() {
  const [values, setValues] = useState(EMPTY);
  const mutation = useCreateDemoRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await mutation.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim() } as CreateDemoRequestBody);
      window.alert('Demo request submitted! We will reach out to you shortly.');
      setValues(EMPTY);
    } catch (error) {
      window.alert(demoRequestFailureMessage(error));
    }
  }

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form onSubmit={onSubmit} aria-labelledby="demo-form-title" className="rounded-3xl bg-white p-6 shadow-xl shadow-genie-900/5 ring-1 ring-slate-200 sm:p-8">
      <h3 id="demo-form-title" className="text-lg font-semibold">
        Tell us about you
      </h3>
      <div className="mt-6 grid gap-5">
        <div className="grid gap-1.5">
          <label htmlFor="demo-name" className={labelClasses}>
            Name
          </label>
          <input id="demo-name" name="name" autoComplete="name" required maxLength={200} value={values.name} onChange={set('name')} className={inputClasses} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="demo-email" className={labelClasses}>
            Work email
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
            className={inputClasses}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="demo-usecase" className={labelClasses}>
            Use case
          </label>
          <select
            id="demo-usecase"
            name="usecase"
            required
            value={values.usecase}
            onChange={set('usecase')}
            className={inputClasses}
          >
            <option value="" disabled>
              Choose a use case
            </option>
            {USE_CASES.map((useCase) => (
              <option key={useCase.value} value={useCase.value}>
                {useCase.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={mutation.isPending} className={buttonVariants({ size: 'lg', className: 'mt-1 w-full' })}>
          {mutation.isPending ? 'Sending…' : 'Request a demo'}
        </button>
        <p className="text-center text-xs text-slate-500">We use your details only to arrange your demo.</p>
      </div>
    </form>
  );
}
