import { describe, expect, it } from 'vitest';
import type { KnowledgePassage } from '../search/search.service';
import { leadSentence } from './chat-knowledge';
import { stem } from './lead-sentence';

const passage = (n: number, body: string): KnowledgePassage => ({
  n,
  fileId: `f${n}`,
  fileName: `doc${n}.txt`,
  page: null,
  heading: null,
  body,
  snippet: body.slice(0, 100),
  score: 1 / n,
});

const SSH_AGENT = `-A Enables forwarding of connections from an authentication agent such as ssh-agent(1). This can also be specified on a per-host basis in a configuration file.
Agent forwarding should be enabled with caution. Users who can bypass file permissions on the remote host can access the local agent through the forwarded ssh connection.`;
const SSH_JUMP = `-J destination Connect to the target host by first making a connection to the jump host described by destination and then establishing a TCP forwarding to the ultimate destination from there. Multiple jump hops may be specified separated by comma characters.`;
const RSYNC_ALLOC = `--max-alloc=SIZE By default rsync limits an individual malloc/realloc to about 1GB in size. For most people this limit works just fine.`;
const RSYNC_BWLIMIT = `--bwlimit=RATE This option allows you to specify the maximum transfer rate for the data sent over the socket, specified in units per second. A value of 0 specifies no limit.`;

describe('leadSentence: the offline answer opens with the sentence that answers (issue 39)', () => {
  it('answers the jump-host question with -J, not with the agent-forwarding sentence that shares more common words', () => {
    expect(leadSentence('How can ssh connect through a jump host?', [passage(1, SSH_AGENT), passage(2, SSH_JUMP)])).toEqual({
      sentence:
        '-J destination Connect to the target host by first making a connection to the jump host described by destination and then establishing a TCP forwarding to the ultimate destination from there.',
      n: 2,
    });
  });

  it('answers the bandwidth question with --bwlimit (its name built of "bandwidth" and "limit"), not --max-alloc', () => {
    expect(leadSentence('How do I limit the bandwidth rsync uses?', [passage(1, RSYNC_ALLOC), passage(2, RSYNC_BWLIMIT)])).toEqual({
      sentence: '--bwlimit=RATE This option allows you to specify the maximum transfer rate for the data sent over the socket, specified in units per second.',
      n: 2,
    });
  });

  it('finds an option named in the question, in the fourth or fifth passage too', () => {
    const filler = (n: number) => passage(n, `Section ${n}. The tar program saves many files together into a single tape or disk archive.`);
    const xz = passage(5, '-z, --gzip Filter the archive through gzip.\n-J, --xz Filter the archive through xz, which usually gives a smaller archive.');
    expect(leadSentence('What does tar -J do?', [filler(1), filler(2), filler(3), filler(4), xz])).toEqual({
      sentence: '-J, --xz Filter the archive through xz, which usually gives a smaller archive.',
      n: 5,
    });
  });

  it('quotes a sentence that leans on the one before it together with that one', () => {
    const body = '-C, --directory=DIR Change to DIR before performing any operations. This option is order-sensitive. Use it to extract an archive into another directory.';
    expect(leadSentence('How do I extract a tar archive into another directory?', [passage(1, body)])).toEqual({
      sentence: 'Change to DIR before performing any operations. This option is order-sensitive. Use it to extract an archive into another directory.'.replace(
        /^/,
        '-C, --directory=DIR ',
      ),
      n: 1,
    });
  });

  it('stems the forms of a word alike', () => {
    expect(['connect', 'connection', 'connecting', 'connected', 'connections'].map(stem)).toEqual(['connect', 'connect', 'connect', 'connect', 'connect']);
    expect(['limits', 'limiting', 'limited'].map(stem)).toEqual(['limit', 'limit', 'limit']);
  });

  it('gives no lead when no sentence shares a word with the question', () => {
    expect(leadSentence('What is the capital of Peru?', [passage(1, RSYNC_ALLOC)])).toBeNull();
  });
});
