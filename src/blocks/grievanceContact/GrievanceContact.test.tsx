import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadContent, renderWithContent } from '../../../tests/support/content.tsx';
import GrievanceContact from './GrievanceContact.tsx';

const block = {
  type: 'grievanceContact' as const,
  heading: 'Questions and complaints',
  intro: 'Write to us.',
  nameLabel: 'Grievance officer',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
};

describe('grievanceContact block', () => {
  it('shows the grievance officer written once in site.yaml, with a mail link', () => {
    const content = loadContent();
    const { grievance } = content.site.contact;
    renderWithContent(<GrievanceContact block={block} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions and complaints' })).toBeInTheDocument();
    expect(screen.getByText('Write to us.')).toBeInTheDocument();
    expect(screen.getByText('Grievance officer').closest('div')).toHaveTextContent(grievance.name);
    expect(screen.getByRole('link', { name: grievance.email })).toHaveAttribute(
      'href',
      `mailto:${grievance.email}`,
    );
  });

  it('shows a phone number only when site.yaml has one', () => {
    const content = loadContent();
    const withPhone = {
      ...content,
      site: {
        ...content.site,
        contact: {
          ...content.site.contact,
          grievance: { name: 'A', email: 'a@example.com', phone: '+91 80 1234 5678' },
        },
      },
    };
    const { unmount } = renderWithContent(<GrievanceContact block={block} />, { content: withPhone });
    expect(screen.getByRole('link', { name: '+91 80 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+918012345678',
    );
    unmount();
    const withoutPhone = {
      ...content,
      site: {
        ...content.site,
        contact: { ...content.site.contact, grievance: { name: 'A', email: 'a@example.com' } },
      },
    };
    renderWithContent(<GrievanceContact block={block} />, { content: withoutPhone });
    expect(screen.queryByText('Phone')).toBeNull();
  });
});
