import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-genie-700 hover:underline">
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
