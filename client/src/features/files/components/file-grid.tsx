import type { FileRecord, Folder } from '@contract/files';
import { formatBytes } from '@/lib/utils';
import { IndexBadge } from './index-badge';
import { FileIcon, FolderIcon } from './file-icon';
import { ItemActions, type ItemHandlers } from './item-actions';

const tile =
  'group relative flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-4 pb-2 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-genie-300 hover:shadow-md';

/** SPEC §2: the grid has 6 columns (on desktop; fewer on narrower screens). */
export function FileGrid({ folders, files, handlers }: { folders: Folder[]; files: FileRecord[]; handlers: ItemHandlers }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Files and folders">
      {folders.map((folder) => (
        <li key={folder.id} className={tile} data-testid="folder-item">
          <button type="button" className="flex w-full flex-col items-center gap-2 focus-visible:outline-none" onClick={() => handlers.onOpenFolder(folder)} aria-label={`Open folder ${folder.name}`}>
            <FolderIcon />
            <span className="w-full truncate text-sm font-medium text-slate-900" title={folder.name}>
              {folder.name}
            </span>
            <span className="text-xs text-slate-400">Folder</span>
          </button>
          <ItemActions item={{ kind: 'folder', folder }} handlers={handlers} className="opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100" />
        </li>
      ))}
      {files.map((file) => (
        <li key={file.id} className={tile} data-testid="file-item">
          <button type="button" className="flex w-full flex-col items-center gap-2 focus-visible:outline-none" onClick={() => handlers.onOpenFile(file)} aria-label={`Open ${file.originalName}`}>
            <FileIcon mimeType={file.mimeType} />
            <span className="w-full truncate text-sm font-medium text-slate-900" title={file.originalName}>
              {file.originalName}
            </span>
            <span className="text-xs text-slate-500">{formatBytes(file.size)}</span>
            <IndexBadge file={file} />
          </button>
          <ItemActions item={{ kind: 'file', file }} handlers={handlers} showDownload={false} className="opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100" />
        </li>
      ))}
    </ul>
  );
}
