import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.js';

/** A line that asks for attention (role alert): its icon, its words taking the room, then its actions. */
export function Banner({
  testId,
  icon,
  text,
  className,
  children,
}: {
  testId: string;
  icon: IconName;
  text: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" data-testid={testId} className={className}>
      <Icon name={icon} className="h-6 w-6" />
      <span className="flex-1">{text}</span>
      {children}
    </div>
  );
}
