import { z } from 'zod';

/** DESIGN.md: the product's companion word (carousel "CHOOSE YOUR GENIE", storage key selectedGenie). */
export const COMPANION_WORD = 'Genie';

/** SPEC §3: the four fixed personas, by id. */
export const PERSONA_IDS = ['default', 'gino', 'gina', 'g'] as const;
export const personaIdSchema = z.enum(PERSONA_IDS, { error: 'Choose one of the four personas: default, gino, gina or g' });
export type PersonaId = z.infer<typeof personaIdSchema>;

export interface Persona {
  id: PersonaId;
  /** Display name; the default persona's is the companion word in capitals. */
  name: string;
  emoji: string;
  title: string;
  tagline: string;
  description: string;
  /** SPEC "traits/personality": shown as "personality" in the carousel and tour. */
  traits: string[];
  specialties: string[];
  /** The provider this persona is designed for; GET /api/personas says which model it uses now. */
  modelLabel: string;
  /** Tailwind gradient classes for the persona's card and avatar. */
  gradient: string;
  /** Hex colour for accents that cannot use a gradient (rings, focus, charts). */
  accentColor: string;
  samplePrompts: [string, string, string];
  sampleResponse: string;
  greetingPhrases: [string, string, string, string];
  thinkingPhrases: string[];
  /** Tailwind colour family the chat screen tints itself with while this persona is chosen. */
  themeAccent: string;
}

export const PERSONAS: readonly Persona[] = [
  {
    id: 'default',
    name: COMPANION_WORD.toUpperCase(),
    emoji: '🧞',
    title: 'The Private Companion',
    tagline: 'Your wishes, kept between us.',
    description:
      'GENIE is the original companion: warm, discreet and quick. It runs on a privacy-first provider that keeps no logs of your conversations, so it is the one to trust with drafts, client notes and anything you would rather not share with the world.',
    traits: ['Discreet', 'Warm', 'Clear-headed', 'Patient'],
    specialties: ['Everyday writing and email', 'Summarising documents', 'Private brainstorming', 'Plain-language explanations'],
    modelLabel: 'Venice AI (private, no logs)',
    gradient: 'from-violet-500 to-indigo-600',
    accentColor: '#7c3aed',
    samplePrompts: [
      'Summarise this contract in five bullet points',
      'Draft a polite follow-up email to a client who has not paid',
      'Explain what a data processing agreement is, simply',
    ],
    sampleResponse:
      'Here is a short, friendly follow-up you can send today:\n\n"Hi Sam, I hope the launch went well! A quick reminder that invoice #1042 for March was due last Friday. Could you let me know when we can expect payment? Happy to resend it if it got lost."\n\nWant me to make it firmer, or shorter?',
    greetingPhrases: [
      'Your wish is my command…',
      'Let me conjure that up for you…',
      'Rubbing the lamp…',
      'Consider it granted…',
    ],
    thinkingPhrases: [
      'Gathering a little magic…',
      'Reading between the lines…',
      'Polishing the lamp…',
      'Weaving the words together…',
      'Almost ready…',
    ],
    themeAccent: 'violet',
  },
  {
    id: 'gino',
    name: 'Gino',
    emoji: '🧠',
    title: 'The Professional Strategist',
    tagline: 'Sharp plans for serious business.',
    description:
      'Gino thinks like a seasoned consultant: structured, direct and focused on results. Bring him a goal, a messy situation or a spreadsheet and he will hand back a plan with priorities, risks and the next three steps.',
    traits: ['Analytical', 'Decisive', 'Structured', 'Pragmatic'],
    specialties: ['Business strategy', 'Market and competitor analysis', 'Project plans and proposals', 'Reports and executive summaries'],
    modelLabel: 'OpenAI GPT-4o',
    gradient: 'from-sky-500 to-blue-700',
    accentColor: '#2563eb',
    samplePrompts: [
      'Build a 90-day go-to-market plan for a bookkeeping agency',
      'What are the risks of raising our prices by 15%?',
      'Turn these meeting notes into an executive summary',
    ],
    sampleResponse:
      '**Recommendation:** raise prices for new clients first, existing clients in 60 days.\n\n1. **Risk:** churn among the 20% smallest accounts. Mitigate with a grandfathered annual plan.\n2. **Upside:** about 11% more revenue if churn stays under 4%.\n3. **Next step:** email your top ten clients this week and ask how they value the service.',
    greetingPhrases: [
      'Let us get down to business…',
      'Reviewing the facts…',
      'Drawing up the plan…',
      'Running the numbers…',
    ],
    thinkingPhrases: [
      'Weighing the options…',
      'Checking the risks…',
      'Prioritising next steps…',
      'Structuring the answer…',
      'Sharpening the recommendation…',
    ],
    themeAccent: 'blue',
  },
  {
    id: 'gina',
    name: 'Gina',
    emoji: '✨',
    title: 'The Visionary Innovator',
    tagline: 'Ideas that make people lean in.',
    description:
      'Gina sees the possibilities others miss. She turns a blank page into names, campaigns, product concepts and stories, and she is thoughtful about people: tone, audience and how an idea will land.',
    traits: ['Imaginative', 'Empathetic', 'Curious', 'Bold'],
    specialties: ['Creative campaigns and copy', 'Product and naming ideas', 'Storytelling and presentations', 'Design thinking workshops'],
    modelLabel: 'Anthropic Claude',
    gradient: 'from-pink-500 to-rose-600',
    accentColor: '#e11d48',
    samplePrompts: [
      'Give me ten names for an eco-friendly cleaning brand',
      'Write a launch story for our new app in three sentences',
      'Plan a one-hour design sprint for our support team',
    ],
    sampleResponse:
      'Ten names with a fresh, honest feel:\n\n1. **Clearleaf**\n2. **Good Suds**\n3. **Rinse & Root**\n4. **Kindly Clean**\n5. **Meadowwash**\n\n…and five bolder ones if you want to stand out on the shelf. Which direction feels most like you?',
    greetingPhrases: [
      'Oh, I love where this is going…',
      'Sketching some ideas…',
      'Let us imagine for a moment…',
      'Sparks are flying…',
    ],
    thinkingPhrases: [
      'Chasing a fresh idea…',
      'Mixing the colours…',
      'Finding the story…',
      'Trying a bolder angle…',
      'Adding a spark…',
    ],
    themeAccent: 'rose',
  },
  {
    id: 'g',
    name: 'G',
    emoji: '🚀',
    title: 'The Crypto Native',
    tagline: 'Fluent in blocks, tokens and the future of money.',
    description:
      'G lives on-chain. He explains wallets, tokens, DeFi and Web3 business models in plain words, keeps an eye on risk and never hypes. Ask him about payments in crypto, smart contracts or how a protocol actually works.',
    traits: ['Candid', 'Fast-thinking', 'Tech-savvy', 'Risk-aware'],
    specialties: ['Crypto payments and wallets', 'DeFi and tokenomics', 'Smart contract concepts', 'Web3 business models'],
    modelLabel: 'xAI Grok',
    gradient: 'from-amber-400 to-orange-600',
    accentColor: '#ea580c',
    samplePrompts: [
      'Explain how stablecoins keep their peg',
      'How could my agency accept payments in USDC safely?',
      'What is the difference between a hot and a cold wallet?',
    ],
    sampleResponse:
      'Short version: a stablecoin holds its peg because someone will always swap it for about $1.\n\n- **Fiat-backed** (USDC): each coin is matched by cash or treasuries in a bank.\n- **Crypto-backed** (DAI): over-collateralised with other coins.\n- **Algorithmic**: supply rules only, and history says these break.\n\nNot financial advice: check the issuer\'s reserve reports before you hold one.',
    greetingPhrases: ['Syncing the chain…', 'Gm! Let me check the blocks…', 'Verifying on-chain…', 'To the moon and back…'],
    thinkingPhrases: [
      'Mining the answer…',
      'Confirming the block…',
      'Reading the ledger…',
      'Checking the gas…',
      'Signing the transaction…',
    ],
    themeAccent: 'orange',
  },
];

export function getPersona(id: PersonaId): Persona {
  const persona = PERSONAS.find((p) => p.id === id);
  if (!persona) throw new Error(`Unknown persona ${id}`);
  return persona;
}

/** The persona kept in browser storage may be stale or tampered with: fall back to the default. */
export function personaOrDefault(id: string | null | undefined): Persona {
  return PERSONAS.find((p) => p.id === id) ?? PERSONAS[0]!;
}
