import { clsx } from 'clsx';
import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2d 04h 12m 09s", "04h 12m 09s" or "12m 09s": the time left until `ms` from now. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (hours > 0) return `${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  return `${pad(minutes)}m ${pad(seconds)}s`;
}

/** A live count down to `to` (an ISO date), ticking every second. */
export function Countdown({ to, label = 'Ends in', className }: { to: string; label?: string; className?: string }) {
  const end = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    // role="timer" is not announced on every tick (its live region is off), which is what we want.
    <span role="timer" className={clsx('whitespace-nowrap tabular-nums', className)}>
      {label} {formatTimeLeft(end - now)}
    </span>
  );
}
