import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/i18n';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ThemeToggle } from '@/components/ui/theme-toggle';

/** The frame every sign-in page shares: the Genie mark, a title, a sentence, and the way home. */
export function AuthCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center gap-5 p-4">
      {/* Dark by design in both themes (client/src/components/README.md). */}
      <div aria-hidden="true" className="fixed-palette absolute inset-0 -z-10 bg-gradient-to-br from-genie-950 via-genie-800 to-indigo-700" />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <Link
            href="/"
            className="mb-2 grid h-10 w-10 place-items-center rounded-xl bg-gradient-to-br from-genie-500 to-indigo-600 text-xl shadow-sm"
            aria-label={t('genieHome')}
          >
            <span aria-hidden="true">🧞</span>
          </Link>
          {/* The page's one h1 (issue 44: a sign-in page's only heading was an h3). */}
          <h1 className="text-xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <div className="fixed-palette flex items-center gap-2">
        <Link href="/" className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-genie-100 hover:text-white hover:underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('backToHome')}
        </Link>
        <ThemeToggle className="text-genie-100 hover:bg-white/10 hover:text-white" />
      </div>
    </main>
  );
}

/** A form's error sentence, read out when it appears. */
export const FormAlert = ({ children, id }: { children: ReactNode; id?: string }) => (
  <p role="alert" id={id} className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
    {children}
  </p>
);
