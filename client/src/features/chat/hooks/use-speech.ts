import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §9: speech language en-US. */
export const SPEECH_LANGUAGE = 'en-US';

/** Strips Markdown syntax so the voice reads words, not asterisks and backticks. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' (code) ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// Asked of the global object, which is the window in a browser: where it is not (a test in Node), there is no speech.
export const speechSynthesisSupported = () => 'speechSynthesis' in globalThis && 'SpeechSynthesisUtterance' in globalThis;

/** Reads text aloud through the browser's speech synthesis; `speaking` is the id being read. */
export function useSpeechSynthesis() {
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const supported = speechSynthesisSupported();
  useEffect(() => () => void (supported && window.speechSynthesis.cancel()), [supported]);
  const speak = useCallback(
    (id: string, text: string) => {
      if (!supported) return;
      window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(speakableText(text));
      utterance.lang = SPEECH_LANGUAGE;
      utterance.onend = () => setSpeakingId((current) => (current === id ? null : current));
      utterance.onerror = utterance.onend;
      setSpeakingId(id);
      window.speechSynthesis.speak(utterance);
    },
    [supported],
  );
  const stop = useCallback(() => {
    if (supported) window.speechSynthesis.cancel();
    setSpeakingId(null);
  }, [supported]);
  return { supported, speakingId, speak, stop };
}

// The Web Speech API's recognition side is not in TypeScript's DOM library yet.
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  const candidate = globalThis as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return candidate.SpeechRecognition ?? candidate.webkitSpeechRecognition ?? null;
}

export const speechRecognitionSupported = () => recognitionConstructor() !== null;

/** SPEC §4 Voice: single-shot dictation in en-US; calls `onText` with what was heard. */
export function useDictation(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognitionRef = useRef<Recognition | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  const Constructor = recognitionConstructor();
  useEffect(() => () => recognitionRef.current?.abort(), []);

  const start = useCallback(() => {
    if (!Constructor || recognitionRef.current) return;
    const recognition = new Constructor();
    recognition.lang = SPEECH_LANGUAGE;
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (transcript) onTextRef.current(transcript);
    };
    recognition.onerror = () => setListening(false);
    recognition.onend = () => {
      recognitionRef.current = null;
      setListening(false);
    };
    recognitionRef.current = recognition;
    setListening(true);
    try {
      recognition.start();
    } catch {
      recognitionRef.current = null;
      setListening(false);
    }
  }, [Constructor]);
  const stop = useCallback(() => recognitionRef.current?.stop(), []);

  return { supported: Constructor !== null, listening, start, stop };
}
