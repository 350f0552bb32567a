import { DEFAULT_FAVORITE_FEATURE } from '@contract/profile';

/**
 * How a feature id logged in feature_events reads on the profile ("Favorite feature"). Ids the
 * table does not know read as their words capitalised, so a new feature never shows as blank.
 */
const FEATURE_NAMES: Record<string, string> = {
  chat: 'Chat',
  dictionary: 'Dictionary',
  law: 'Legal',
  legal: 'Legal',
  legal_mode: 'Legal',
  image: 'Image Generation',
  image_generation: 'Image Generation',
  generate_image: 'Image Generation',
  voice: 'Voice',
  voice_input: 'Voice Input',
  dictation: 'Voice Input',
  speech_to_text: 'Voice Input',
  read_aloud: 'Read Aloud',
  text_to_speech: 'Read Aloud',
  tts: 'Read Aloud',
  files: 'File Manager',
  file_manager: 'File Manager',
  upload: 'File Upload',
  file_upload: 'File Upload',
  attachment: 'Attachments',
  attachments: 'Attachments',
  feedback: 'Feedback',
  copy: 'Copy',
  persona: 'Personas',
  personas: 'Personas',
  tour: 'Tour',
};

export function featureDisplayName(feature: string): string {
  const known = FEATURE_NAMES[feature.toLowerCase()];
  if (known) return known;
  const words = feature.split(/[\s_.-]+/).filter(Boolean);
  if (words.length === 0) return DEFAULT_FAVORITE_FEATURE;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}
