import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n/i18n';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('notFound.hint')}</p>
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-genie-700 hover:underline">
            {t('notFound.home')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
