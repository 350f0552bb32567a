import { useTranslation } from '@/lib/i18n/i18n';
import type { Language } from '@contract/languages';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorSentence } from '@/lib/error-sentence';
import { LanguageSelect } from '@/components/language-select';
import { saveAccountLanguage } from '@/lib/i18n/save-language';

/** Issue 44: the account's language, saved on the server so every device follows it. */
export function LanguageCard() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  // The toast is in the language just chosen: `t` is fixed to the one this render had, i18n.t follows the change.
  async function save(language: Language) {
    try {
      await saveAccountLanguage(language);
      toast({ title: i18n.t('profile:languageSaved') });
    } catch (error) {
      toast({ title: i18n.t('profile:languageNotSaved', { reason: errorSentence(error, i18n.t('common:networkError')) }), variant: 'destructive' });
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
