import { i18n } from './i18n';

/**
 * The server's English sentences the client knows by heart, and their keys in errors.json, so a
 * reader in another language gets them in theirs (issue 44). A sentence not listed here is shown
 * as the server wrote it: the server's own translation is not done yet (README "Languages").
 */
const KNOWN: Record<string, string> = {
  'The email or password is incorrect.': 'invalidCredentials',
  'An account with this email already exists.': 'emailTaken',
  'This username is already taken.': 'usernameTaken',
  'This password is too common. Choose a less guessable one.': 'passwordTooCommon',
  'Your current password is incorrect.': 'currentPasswordWrong',
  'Enter a valid email address': 'emailInvalid',
  'Password must be at least 8 characters': 'passwordTooShort',
  'Username may use letters, digits, dots, dashes and underscores': 'usernameCharacters',
  'Language must be one of en, de, fr, es': 'languageUnknown',
};

/** `sentence` in the page's language when it is a known one; schema messages keep their "field: " prefix. */
export function translatedServerSentence(sentence: string): string {
  const [, field = '', text = sentence] = /^(\w+: )?(.*)$/s.exec(sentence) ?? [];
  const key = KNOWN[text];
  return key ? `${field}${i18n.t(`errors:${key}`)}` : sentence;
}
