import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { InvoiceScreen } from '@/features/billing/components/invoice-screen';
import { useBillingTexts } from '@/features/billing/texts';

/** /billing/<invoiceId> (issue 41): the invoice, its payment and, once paid, its printable receipt. */
export default function BillingPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useBillingTexts();
  return (
    <div className="min-h-screen bg-slate-50 print:bg-white">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4 sm:px-6">
          <Link href="/team" className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:text-slate-900">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('back')}
          </Link>
        </div>
      </header>
      <main id="main" className="px-4 py-6 sm:px-6 sm:py-10">
        <InvoiceScreen id={id} />
      </main>
    </div>
  );
}
