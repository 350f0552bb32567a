/**
 * A small library of manual-like passages (written for this bench, in the style of man pages and
 * admin guides) and questions about them, each with a phrase only the sentence that answers it
 * holds (bench/lead-sentence.bench.ts). Every document has passages that share the question's
 * common words (the tool's name, "host", "file", "limit") without answering it, as real manuals do.
 *
 * `tuned`: the questions the ranking was tuned on; the others are held out (never looked at while
 * tuning, only measured).
 */

export interface Doc {
  name: string;
  passages: string[];
}

export const DOCS: Doc[] = [
  {
    name: 'ssh.1.txt',
    passages: [
      `-A Enables forwarding of connections from an authentication agent such as ssh-agent(1). This can also be specified on a per-host basis in a configuration file.
Agent forwarding should be enabled with caution. Users who can bypass file permissions on the remote host can access the local agent through the forwarded ssh connection. An attacker cannot obtain key material from the agent, however they can perform operations on the keys that enable them to authenticate using the identities loaded into the agent.`,
      `-J destination Connect to the target host by first making a connection to the jump host described by destination and then establishing a TCP forwarding to the ultimate destination from there. Multiple jump hops may be specified separated by comma characters. This is a shortcut to specify a ProxyJump configuration directive.
-L [bind_address:]port:host:hostport Specifies that connections to the given TCP port on the local host are to be forwarded to the given host and port on the remote side.`,
      `-i identity_file Selects a file from which the identity (private key) for public key authentication is read. The default is ~/.ssh/id_rsa, ~/.ssh/id_ecdsa and ~/.ssh/id_ed25519. Identity files may also be specified on a per-host basis in the configuration file.
-p port Port to connect to on the remote host. This can be specified on a per-host basis in the configuration file.`,
      `-v Verbose mode. Causes ssh to print debugging messages about its progress. This is helpful in debugging connection, authentication, and configuration problems. Multiple -v options increase the verbosity. The maximum is 3.
-C Requests compression of all data (including stdin, stdout, stderr, and data for forwarded X11, TCP and UNIX-domain connections). Compression is desirable on modem lines and other slow connections, but will only slow down things on fast networks.`,
    ],
  },
  {
    name: 'rsync.1.txt',
    passages: [
      `--max-alloc=SIZE By default rsync limits an individual malloc/realloc to about 1GB in size. For most people this limit works just fine and prevents a protocol error causing rsync to request massive amounts of memory. However, if you have many millions of files in a transfer, a large amount of server memory, and you don't want to split up your transfer into multiple parts, you can aim the per-allocation limit to something larger.`,
      `--bwlimit=RATE This option allows you to specify the maximum transfer rate for the data sent over the socket, specified in units per second. The RATE value can be suffixed with a string to indicate a size multiplier, such as K, M or G. A value of 0 specifies no limit.
--partial By default, rsync will delete any partially transferred file if the transfer is interrupted. In some circumstances it is more desirable to keep partially transferred files.`,
      `--delete This tells rsync to delete extraneous files from the receiving side (ones that aren't on the sending side), but only for the directories that are being synchronized. You must have asked rsync to send the whole directory (e.g. "dir" or "dir/") without using a wildcard for the directory's contents.
--dry-run, -n This makes rsync perform a trial run that doesn't make any changes (and produces mostly the same output as a real run).`,
      `--exclude=PATTERN This option is a simplified form of the --filter option that defaults to an exclude rule and does not allow the full rule-parsing syntax of normal filter rules. Files that match the pattern are skipped on the sending side.
-z, --compress With this option, rsync compresses the file data as it is sent to the destination machine, which reduces the amount of data being transmitted -- something that is useful over a slow connection.`,
    ],
  },
  {
    name: 'git-guide.md',
    passages: [
      `Undoing commits. To move the current branch back by one commit and keep the changes in your working tree, run git reset --soft HEAD~1. A hard reset discards the changes as well, so use it only when you are sure. Commits that were already pushed should be undone with git revert, which records a new commit that reverses the old one.`,
      `Rewriting history. Interactive rebase lets you reorder, squash or edit the commits of a branch: git rebase -i HEAD~5 opens the last five commits in your editor. To squash several commits into one, mark every commit but the first with squash. Never rebase commits that other people have already pulled.`,
      `Stashing. Run git stash to save your uncommitted changes and return to a clean working tree. The changes are kept on a stack; git stash pop applies the most recent entry and removes it from the stack. Use git stash list to see what the stack holds.`,
      `Branches. Create a branch with git switch -c name. To delete a branch that has been merged, run git branch -d name; git branch -D name deletes it even when it has not been merged. A remote branch is deleted with git push origin --delete name.`,
    ],
  },
  {
    name: 'tar.1.txt',
    passages: [
      `-c, --create Create a new archive. Arguments supply the names of the files to be archived. Directories are archived recursively, unless the --no-recursion option is given.
-x, --extract Extract files from an archive. Arguments are optional. When given, they specify names of the archive members to be extracted.`,
      `-z, --gzip Filter the archive through gzip. The archive is compressed when it is created and decompressed when it is read.
-j, --bzip2 Filter the archive through bzip2.
-J, --xz Filter the archive through xz, which usually gives a smaller archive than gzip at the cost of time.`,
      `-C, --directory=DIR Change to DIR before performing any operations. This option is order-sensitive, i.e. it affects all options that follow. Use it to extract an archive into another directory than the current one.
-t, --list List the contents of an archive. Arguments are optional: when given, they specify the names of the members to list.`,
      `--exclude=PATTERN Do not archive files matching PATTERN. The pattern is matched against the file names as they are stored in the archive.
-v, --verbose Verbosely list the files processed. Each file name is printed as the archive is created or read.`,
    ],
  },
  {
    name: 'curl-manual.txt',
    passages: [
      `-o, --output <file> Write output to the given file instead of stdout. If you are using {} or [] to fetch multiple documents, you should quote the URL. Use -O, --remote-name to save the file under the name it has on the server.`,
      `-L, --location If the server reports that the requested page has moved to a different location (indicated with a Location: header and a 3XX response code), this option makes curl redo the request on the new place. Without it, curl only shows the redirect response.`,
      `-H, --header <header> Extra header to include in the request when sending HTTP to a server. You may specify any number of extra headers. -u, --user <user:password> Specify the user name and password to use for server authentication.`,
      `-k, --insecure By default, every secure connection curl makes is verified to be secure before the transfer takes place. This option makes curl skip the verification step and proceed without checking the certificate. --max-time <seconds> Maximum time in seconds that you allow the whole operation to take, which is useful for preventing your batch jobs from hanging for hours due to slow networks or links going down.`,
    ],
  },
  {
    name: 'systemd-admin.md',
    passages: [
      `Starting at boot. A service starts at boot once it is enabled: systemctl enable nginx.service creates the links that pull it into the default target. Enabling a unit does not start it now; add --now to start it at the same time. systemctl disable removes the links again.`,
      `Restarting on failure. Set Restart=on-failure in the [Service] section to have systemd start the service again when it exits with an error or is killed by a signal. RestartSec= sets how long systemd waits before it restarts the service. A unit that fails too often within StartLimitIntervalSec= is not started again.`,
      `Logs. The journal keeps the output of every service. journalctl -u nginx.service shows the log of one unit, and -f follows it as new lines arrive. Old entries are removed when the journal reaches SystemMaxUse=, which limits the disk space it may take.`,
      `Environment. A service does not inherit the environment of your shell. Set variables with Environment= lines in the [Service] section, or read them from a file with EnvironmentFile=. After editing a unit file, run systemctl daemon-reload so that systemd reads it again.`,
    ],
  },
  {
    name: 'postgres-backup.md',
    passages: [
      `Logical backups. pg_dump writes one database to a script or archive file while the database is in use; it does not block other users. Use pg_dump -Fc mydb > mydb.dump to write the custom format, which is compressed and can be restored selectively. pg_dumpall writes every database of the cluster, including roles and tablespaces.`,
      `Restoring. A custom-format dump is restored with pg_restore -d mydb mydb.dump; a plain SQL script is restored by feeding it to psql. Use pg_restore -j 4 to restore with four parallel jobs, which is much faster for large databases. The target database must exist before the restore starts.`,
      `Continuous archiving. Set archive_mode = on and an archive_command that copies each WAL segment to safe storage. Together with a base backup taken by pg_basebackup, the archived WAL lets you recover the database to any point in time since the base backup.`,
      `Connection limits. max_connections sets how many clients may connect to the server at once; each connection uses memory, so raise it with care and prefer a connection pooler such as PgBouncer. The default is 100 connections.`,
    ],
  },
  {
    name: 'nginx-guide.md',
    passages: [
      `Reverse proxy. To pass requests to an application server, put proxy_pass http://127.0.0.1:3000; in a location block. Add proxy_set_header Host $host; so that the application sees the host name the client asked for. Timeouts for the upstream are set with proxy_read_timeout.`,
      `Request size. client_max_body_size sets the largest request body nginx accepts; a larger upload is refused with 413 Request Entity Too Large. The default is 1m, so raise it in the server block for sites that take large uploads.`,
      `Rate limiting. limit_req_zone defines a shared memory zone and a rate, for example 10 requests per second per client address; limit_req in a location applies it. Requests over the rate are delayed or rejected with 503.`,
      `TLS. The certificate and its key are set with ssl_certificate and ssl_certificate_key in a server block that listens on 443 ssl. To redirect plain HTTP to HTTPS, add a server block on port 80 that returns 301 https://$host$request_uri.`,
    ],
  },
  {
    name: 'docker-run.md',
    passages: [
      `Ports. A container's ports are not reachable from the host by default. Publish one with -p 8080:80, which maps port 8080 of the host to port 80 of the container. -P publishes every exposed port to a random port of the host.`,
      `Volumes. Mount a directory of the host into the container with -v /srv/data:/data; files written to /data survive the container. A named volume (-v pgdata:/var/lib/postgresql/data) is managed by Docker and kept until you remove it with docker volume rm.`,
      `Resources. --memory=512m limits the memory a container may use; a container that goes over the limit is killed. --cpus=1.5 limits how much of the host's CPU time it may take. Without these limits a container may use all of the host's resources.`,
      `Restart policies. --restart=unless-stopped starts the container again after it exits or the Docker daemon restarts, unless it was stopped by hand. --rm removes the container when it exits, which suits one-off commands.`,
    ],
  },
  {
    name: 'cron-guide.md',
    passages: [
      `Schedule fields. A crontab line has five time fields: minute, hour, day of month, month and day of week, then the command. 30 2 * * 1 runs the command at 2:30 every Monday. An asterisk means every value of the field.`,
      `Editing. Run crontab -e to edit your own crontab in your editor, and crontab -l to print it. The system crontab in /etc/crontab has an extra field naming the user each command runs as.`,
      `Output. Whatever a job prints is mailed to the crontab's owner. To discard it, redirect it: command > /dev/null 2>&1. Set MAILTO= at the top of the crontab to send the mail to another address.`,
      `Environment. Cron runs jobs with a minimal environment: PATH is usually only /usr/bin:/bin, so give full paths to commands or set PATH at the top of the crontab. The % character must be escaped as \\% in a command line.`,
    ],
  },
];

/** [question, phrase the answering sentence holds, tuned?] */
export const QUESTIONS: [string, string, boolean][] = [
  ['How can ssh connect through a jump host?', 'jump host described by destination', true],
  ['How do I limit the bandwidth rsync uses?', 'maximum transfer rate', true],
  ['Which option makes ssh print debug output?', 'print debugging messages', false],
  ['How do I use a different private key with ssh?', 'identity (private key)', true],
  ['Is agent forwarding safe to turn on?', 'enabled with caution', false],
  ['How do I make rsync remove files that no longer exist on the source?', 'delete extraneous files', true],
  ['How can I see what rsync would do without changing anything?', 'trial run', false],
  ['How do I keep partially transferred files with rsync?', 'more desirable to keep partially', true],
  ['How do I squash commits into one?', 'mark every commit but the first with squash', true],
  ['How do I undo a commit that was already pushed?', 'git revert', false],
  ['How do I delete a remote branch?', 'git push origin --delete', true],
  ['How can I temporarily save uncommitted changes?', 'Run git stash to save', false],
  ['How do I extract a tar archive into another directory?', 'Change to DIR before performing', true],
  ['Which tar option compresses with xz?', 'Filter the archive through xz', false],
  ['How do I list what is inside a tar archive?', 'List the contents of an archive', true],
  ['How do I make curl follow redirects?', 'redo the request on the new place', true],
  ['How do I save curl output to a file?', 'Write output to the given file', false],
  ['How can curl send an extra header?', 'Extra header to include in the request', true],
  ['How do I stop curl from hanging on a slow network?', 'Maximum time in seconds', false],
  ['How do I make a service start at boot?', 'systemctl enable nginx.service', true],
  ['How do I restart a service automatically when it crashes?', 'Set Restart=on-failure', false],
  ['How do I see the logs of one service?', 'journalctl -u nginx.service', true],
  ['How do I give a service environment variables?', 'Set variables with Environment=', false],
  ['How do I restore a custom-format dump?', 'restored with pg_restore', true],
  ['How can I back up every database including roles?', 'pg_dumpall writes every database', false],
  ['How can I recover the database to a point in time?', 'lets you recover the database to any point in time', true],
  ['How many connections does PostgreSQL allow by default?', 'The default is 100 connections', false],
  ['How do I make nginx accept larger uploads?', 'client_max_body_size sets the largest request body', true],
  ['How do I redirect HTTP to HTTPS in nginx?', 'returns 301', false],
  ['How does nginx pass requests to an application server?', 'proxy_pass', true],
  ['How do I limit the memory of a docker container?', '--memory=512m limits the memory', true],
  ['How do I publish a container port on the host?', 'Publish one with -p 8080:80', false],
  ['How do I keep a container\'s data after it is removed?', 'survive the container', true],
  ['How do I make a container restart after the daemon restarts?', '--restart=unless-stopped', false],
  ['How do I run a cron job every Monday at 2:30?', 'runs the command at 2:30 every Monday', true],
  ['How do I stop cron from mailing job output?', 'To discard it, redirect it', false],
  ['How do I edit my crontab?', 'crontab -e to edit', true],
  ['Why does my cron job not find its command?', 'give full paths to commands', false],
];
