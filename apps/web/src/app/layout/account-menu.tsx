import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { LogOut, MessageSquarePlus } from 'lucide-react';
import type { SessionUser } from '@localperks/shared';
import { useFeedbackDialog } from '../../features/support/support/feedback-button';
import { AvatarButton } from './header-parts';

const roleLabel = { customer: 'Customer', merchant: 'Merchant', admin: 'Admin' } as const;

const itemClass = 'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-slate-100';

/** The avatar's menu: name, email, role, the role's first item, Send Feedback, Logout. */
export default function AccountMenu({
  user,
  firstItem,
  onLogout,
  defaultOpen,
}: {
  user: SessionUser;
  firstItem: { to: string; label: string };
  onLogout: () => void;
  defaultOpen?: boolean;
}) {
  const feedback = useFeedbackDialog();
  const isFeedbackChosen = useRef(false);
  return (
    <>
      {/*
        Not modal, as the WAI-ARIA menu button pattern is: a modal menu hid the page from assistive
        technology with aria-hidden while its links stayed focusable (axe aria-hidden-focus). Escape, Tab
        and a click outside close it; focus moves through its items and returns to the avatar.
      */}
      <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
        {/* The feedback dialog returns focus to the avatar, as the menu does. */}
        <DropdownMenu.Trigger asChild ref={feedback.triggerProps.ref}>
          <AvatarButton name={user.name} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
            // The dialog opens once the menu has closed: two modal layers at once can leave the page inert.
            onCloseAutoFocus={(e) => {
              if (!isFeedbackChosen.current) return;
              isFeedbackChosen.current = false;
              e.preventDefault();
              feedback.setOpen(true);
            }}
          >
            <div className="px-3 py-2">
              <p className="text-sm font-semibold text-slate-900">{user.name}</p>
              <p className="text-xs text-slate-600">{user.email}</p>
              <p className="mt-1 text-xs font-medium text-brand-800">{roleLabel[user.role]}</p>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild>
              <Link
                to={firstItem.to}
                className="flex min-h-10 items-center rounded-md px-3 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                {firstItem.label}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => {
                isFeedbackChosen.current = true;
                void feedback.preload().catch(() => undefined);
              }}
              className={itemClass}
            >
              <MessageSquarePlus aria-hidden className="h-4 w-4" /> Send Feedback
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={onLogout} className={itemClass}>
              <LogOut aria-hidden className="h-4 w-4" /> Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {feedback.element}
    </>
  );
}
