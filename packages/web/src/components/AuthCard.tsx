import type { ReactNode } from 'react';
import { useDocumentTitle } from '@mantine/hooks';

/**
 * The centred card of the public screens. Plain elements with Mantine's classes (the markup Center,
 * Paper, Title and Text draw; their settings in theme/signInPage.css): the card is on the sign-in
 * page, whose JavaScript has a budget (issue 36).
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="m_4451eb3a mantine-Center-root op-card-center">
      <div className="m_1b7284a3 mantine-Paper-root op-card" data-with-border>
        <h1 className="m_8a5d1357 mantine-Title-root op-card-title" data-size="h2" data-order="1" data-with-subtitle={subtitle ? true : undefined}>
          {title}
        </h1>
        {subtitle && (
          <p className="mantine-focus-auto m_b6d8b162 mantine-Text-root op-small-text op-dimmed op-card-subtitle" data-size="sm">
            {subtitle}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
