import { LogOut } from 'lucide-react';
import { lazy, Suspense, useCallback } from 'react';
import type { Attachment } from '@contract/chat';
import type { FileRecord } from '@contract/files';
import { PERSONAS } from '@contract/personas';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { chatUploadsFolderId } from '@/features/files/api/chat-uploads-folder';
import { describeSkipped, downloadUrlOf, uploadFiles } from '@/features/files/api/upload-files';
import { usePersonaModels } from '@/features/personas/api/get-personas';
import { useOnboarding } from '@/features/personas/hooks/use-onboarding';
import { useLivePromotions } from '@/features/promotions/hooks/use-live-promotions';
import { useChatTexts } from '@/features/chat/texts';
import { focusAfter } from '@/lib/focus-keeper';
import { i18n } from '@/lib/i18n/i18n';
import { allowedPersonaId, allowedPersonas, useTeamPolicy } from '@/lib/team-policy';

// Not needed to start chatting: the library opens from a dialog, and the carousel and the tour show
// on a first visit or on request. Their chunks load then, so /chat is usable sooner (issue 19).
const FileBrowser = lazy(() => import('@/features/files/components/file-browser').then((m) => ({ default: m.FileBrowser })));
const PersonaCarousel = lazy(() => import('@/features/personas/components/persona-carousel').then((m) => ({ default: m.PersonaCarousel })));
const PersonaTour = lazy(() => import('@/features/personas/components/persona-tour').then((m) => ({ default: m.PersonaTour })));

const attachmentOf = (file: FileRecord): Attachment => ({ url: downloadUrlOf(file), name: file.originalName, type: file.mimeType, size: file.size });

/** Files uploaded from the chat go to the "Chat uploads" folder; a file picked from the library is attached as it is (no copy). */
const uploadAttachments = async (files: File[]) => ({
  attachments: (await uploadFiles(files, { folderId: await chatUploadsFolderId() })).map(attachmentOf),
  skipped: describeSkipped(files),
});

function renderSignOut(compact: boolean) {
  return compact ? (
    <SignOutButton aria-label={i18n.t('signOut')} size="icon" className="text-white/75 hover:bg-white/10 hover:text-white">
      <LogOut aria-hidden="true" />
    </SignOutButton>
  ) : (
    <SignOutButton className="w-full justify-start px-3 text-white/75 hover:bg-white/10 hover:text-white" />
  );
}

/** /chat: the onboarding carousel on a first visit, then the chat screen with the tour on demand. */
export default function ChatPage() {
  const { t } = useChatTexts();
  const onboarding = useOnboarding();
  const models = usePersonaModels();
  // The team's policy (issue 43): the carousel and the tour offer only the personas it allows, and
  // a persona it turned off since it was chosen gives way to the first allowed one.
  const personas = allowedPersonas(PERSONAS, useTeamPolicy().data);
  const personaId = allowedPersonaId(onboarding.personaId, personas);
  const legalModeOpen = useLivePromotions().some((promotion) => promotion.unlocksLegalMode === true);
  const renderFileBrowser = useCallback(
    (onPick: (attachment: Attachment) => void) => (
      <Suspense fallback={<p role="status" className="p-4 text-sm text-slate-500">{t('browse.loading')}</p>}>
        <FileBrowser selectionMode onSelectFile={(file) => onPick(attachmentOf(file))} />
      </Suspense>
    ),
    [t],
  );

  // With a persona chosen (or the carousel skipped), the next thing to do is write (issue 44: focus
  // fell to the page's body when the overlay left).
  const toMessageBox = () => focusAfter(() => document.getElementById('chat-message'));
  const finishCarousel = () => {
    onboarding.finishCarousel();
    toMessageBox();
  };
  const closeTour = () => {
    onboarding.closeTour();
    toMessageBox();
  };

  return (
    <>
      {/* Hidden, not unmounted, while the carousel shows: "Change" must not lose the conversation. */}
      <div hidden={onboarding.carouselOpen || onboarding.checkingAccount}>
        <ChatScreen
          personaId={personaId}
          model={models[personaId]}
          onChangePersona={onboarding.openCarousel}
          onRestorePersona={onboarding.choosePersona}
          onOpenTour={onboarding.openTour}
          renderFileBrowser={renderFileBrowser}
          uploadAttachments={uploadAttachments}
          renderSignOut={renderSignOut}
          legalModeOpen={legalModeOpen}
        />
      </div>
      <Suspense fallback={null}>
        {onboarding.carouselOpen && (
          <PersonaCarousel
          personas={personas}
          models={models}
          initialPersonaId={personaId}
          onChoose={onboarding.choosePersona}
          onFinish={finishCarousel}
          cornerSlot={<SignOutButton className="text-white/70 hover:bg-white/10 hover:text-white" />}
        />
      )}
        {onboarding.tourOpen && <PersonaTour personas={personas} models={models} onChoose={onboarding.choosePersona} onClose={closeTour} />}
      </Suspense>
    </>
  );
}
