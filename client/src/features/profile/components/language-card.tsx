import { useTranslation } from '@/lib/i18n/i18n';
import type { Language } from '@contract/languages';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { LanguageSelect } from '@/components/language-select';
import { saveAccountLanguage } from '@/lib/i18n/save-language';

/** Issue 44: the account's language, saved on the server so every device follows it. */
export function LanguageCard() {
  const { t } = useTranslation(['profile', 'common']);
  async function save(language: Language) {
    try {
      await saveAccountLanguage(language);
      toast({ title: t('languageSaved') });
    } catch (error) {
      toast({ title: t('languageNotSaved', { reason: errorSentence(error, t('common:networkError')) }), variant: 'destructive' });
    }
  }
  return (
    <Card>
      <CardContent className="grid gap-2 pt-6">
        <LanguageSelect onChosen={(language) => void save(language)} />
        <p className="text-sm text-slate-600">{t('languageHint')}</p>
      </CardContent>
    </Card>
  );
}
