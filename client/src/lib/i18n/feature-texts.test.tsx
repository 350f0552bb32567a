import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { featureTexts } from './feature-texts';
import { applyLanguage, i18n } from './i18n';

const useProbeTexts = featureTexts('probe-feature', { greeting: 'Hello from the feature', count_one: '{{count}} file', count_other: '{{count}} files' });

function Probe({ files }: { files: number }) {
  const { t } = useProbeTexts();
  return (
    <p>
      {t('greeting')} · {t('count', { count: files })} · {t('common:home')}
    </p>
  );
}

describe('featureTexts', () => {
  afterEach(async () => applyLanguage('en'));

  it('has the feature’s English from the moment the module is imported, beside the shell’s words', () => {
    expect(renderToString(<Probe files={2} />)).toBe('<p>Hello from the feature<!-- --> · <!-- -->2 files<!-- --> · <!-- -->Home</p>');
  });

  it('falls back to English for a namespace another language has not loaded', async () => {
    await applyLanguage('de');
    expect(i18n.language).toBe('de');
    expect(renderToString(<Probe files={1} />)).toBe('<p>Hello from the feature<!-- --> · <!-- -->1 file<!-- --> · <!-- -->Start</p>');
  });
});
