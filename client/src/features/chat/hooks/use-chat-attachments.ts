import { useCallback, useState } from 'react';
import { CHAT_ATTACHMENTS_MAX, type Attachment } from '@contract/chat';
import { toast } from '@/components/ui/use-toast';
import { chatText } from '../texts';

/**
 * The files attached to the next message: picked in the file browser (the dialog's `browseOpen`)
 * or uploaded from the computer, at most CHAT_ATTACHMENTS_MAX, each once.
 */
export function useChatAttachments(uploadAttachments: (files: File[]) => Promise<{ attachments: Attachment[]; skipped: string | null }>) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [browseOpen, setBrowseOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  const addAttachments = useCallback((added: Attachment[]) => {
    setAttachments((current) => {
      const known = new Set(current.map((a) => a.url));
      return [...current, ...added.filter((a) => !known.has(a.url))].slice(0, CHAT_ATTACHMENTS_MAX);
    });
  }, []);

  const onPick = useCallback(
    (attachment: Attachment) => {
      addAttachments([attachment]);
      setBrowseOpen(false);
      toast({ title: chatText('attachments.addedTitle'), description: chatText('attachments.added', { name: attachment.name }) });
    },
    [addAttachments],
  );

  const onUploadFiles = useCallback(
    async (files: File[]) => {
      setUploading(true);
      try {
        const { attachments: uploaded, skipped } = await uploadAttachments(files);
        addAttachments(uploaded);
        if (uploaded.length > 0) {
          toast({ title: chatText('attachments.uploadedTitle'), description: [chatText('attachments.uploaded', { count: uploaded.length }), skipped].filter(Boolean).join(' ') });
        } else if (skipped) {
          toast({ title: chatText('attachments.nothingAttached'), description: skipped });
        }
      } finally {
        setUploading(false);
      }
    },
    [uploadAttachments, addAttachments],
  );

  const onRemoveAttachment = useCallback((url: string) => setAttachments((current) => current.filter((a) => a.url !== url)), []);
  const openBrowse = useCallback(() => setBrowseOpen(true), []);
  const uploadFromSidebar = useCallback((files: File[]) => void onUploadFiles(files), [onUploadFiles]);

  return { attachments, setAttachments, browseOpen, setBrowseOpen, openBrowse, uploading, onPick, uploadFromSidebar, onRemoveAttachment };
}
