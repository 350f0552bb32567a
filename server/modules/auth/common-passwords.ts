/**
 * The most common passwords of at least eight characters from public breach corpora (the shorter
 * ones are refused by length already). Compared case-insensitively.
 */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000',
  '88888888', '87654321', '987654321', '0987654321', '11223344', '12341234', '123456789a',
  '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qazxsw2', 'zaq12wsx', 'qwertyui', 'qwertyuiop',
  'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'qwerty123', 'qwerty12', 'qwe123qwe', 'password',
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word',
  'iloveyou', 'iloveyou1', 'sunshine', 'sunshine1', 'princess', 'princess1', 'football',
  'football1', 'baseball', 'basketball', 'superman', 'batman123', 'starwars', 'whatever',
  'trustno1', 'welcome1', 'welcome123', 'abcd1234', 'abc12345', 'abcdefgh', 'letmein1',
  'letmein123', 'admin123', 'administrator', 'changeme', 'changeme123', 'computer',
  'internet', 'jennifer', 'michelle', 'jordan23', 'mustang1', 'shadow12', 'master123',
  'monkey123', 'dragon12', 'liverpool', 'chelsea1', 'arsenal1', 'pokemon1', 'babygirl',
  'babygirl1', 'butterfly', 'chocolate', 'cookie123', 'loveyou1', 'lovely123', 'hello123',
  'helloworld', 'samsung1', 'charlie1', 'michael1', 'anthony1', 'jessica1', 'ashley123',
  'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'a1b2c3d4', 'aa123456', 'zxcvbnm123', 'secret123',
  'genie123', 'genie1234', 'myspace1', 'freedom1', 'summer2024', 'summer2025', 'summer2026',
  'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'football123', 'iloveyou123',
  'password!', 'password2', 'password01', 'qwerty1234', 'asdf1234', 'zxcv1234', 'test1234',
  'testtest', 'testing123', 'default1', 'security', 'access14', 'matrix123', 'corvette',
  'mercedes', 'ferrari1', 'yankees1', 'cowboys1', 'steelers', 'thomas123', 'daniel123',
]);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
