import { useTranslation } from 'react-i18next';
import { Menu } from '@base-ui/react/menu';
import type { SVGProps } from 'react';
import { Link } from 'wouter';
import { ChevronDownIcon, Icon, PinIcon, UserIcon } from '../../../lib/icons.tsx';
import { clearCart } from '../../cart/index.ts';
import { logout, type SessionUser } from '../../session/index.ts';
import { AccountName } from './account-name.tsx';

export const LogoutIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
  </Icon>
);

const OrdersIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3ZM9 8h6M9 12h6" />
  </Icon>
);

/** The signed-in customer's menu (Base UI Menu): a lazy chunk loaded only when someone is logged in. */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('layout');
  return (
    <Menu.Root>
      <Menu.Trigger className="header-link account-trigger">
        <span className="sr-only">{t('account_menu')} </span>
        <AccountName name={user.customer_name} />
        <ChevronDownIcon className="account-chevron only-wide" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner className="menu-positioner" sideOffset={8} align="end">
          <Menu.Popup className="menu-popup">
            <Menu.Group>
              <Menu.GroupLabel className="menu-label">
                {t('account_signed_in_as')} <strong>{user.customer_name}</strong>
              </Menu.GroupLabel>
              <Menu.LinkItem className="menu-item" closeOnClick render={<Link href="/account" />}>
                <UserIcon />
                {t('my_account')}
              </Menu.LinkItem>
              <Menu.LinkItem className="menu-item" closeOnClick render={<Link href="/orders" />}>
                <OrdersIcon />
                {t('my_orders')}
              </Menu.LinkItem>
              <Menu.LinkItem className="menu-item" closeOnClick render={<Link href="/update-address" />}>
                <PinIcon />
                {t('addresses')}
              </Menu.LinkItem>
              <Menu.Item className="menu-item" onClick={signOut}>
                <LogoutIcon />
                {t('logout')}
              </Menu.Item>
            </Menu.Group>
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Signing out forgets the customer and their cart (docs/product/shop.md): the next person at this device starts afresh. */
function signOut(): void {
  clearCart();
  logout();
}
