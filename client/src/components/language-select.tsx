import { useId } from 'react';
import { applyLanguage, useTranslation } from '@/lib/i18n/i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@contract/languages';
import { inputClasses } from '@/components/ui/field-classes';
import { safeStorage } from '@/lib/storage-keys';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n/choose-language';

interface LanguageSelectProps {
  /** After the page switched: /profile saves it on the account. */
  onChosen?: (language: Language) => void;
  className?: string;
}

// Plain class strings, no cn(): the landing page loads no tailwind-merge (field-classes.ts).
/** The "Language" switch (issue 44): kept in this browser, and on the account where `onChosen` says so. */
export function LanguageSelect({ onChosen, className }: LanguageSelectProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    safeStorage.set(LANGUAGE_STORAGE_KEY, value);
    void applyLanguage(value).then(() => onChosen?.(value));
  };
  return (
    <span className={`inline-flex items-center gap-2 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {t('language')}
      </label>
      <select id={id} className={`${inputClasses} !w-auto`} value={i18n.language} onChange={(e) => choose(e.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
