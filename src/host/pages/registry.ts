/** Page components of the routes built in this build (routes.ts `built: true`), by route name. */
import type { ComponentType } from 'react';
import { AccountPage } from './account/account-page';
import { AuthPage } from './auth/auth-page';
import { ChartPage } from './chart/chart-page';
import { HomePage } from './home/home-page';
import { HistoryPage, PositionPage } from './orders/orders-pages';
import { PlacePage } from './place/place-page';
import { QuotationPage } from './quotation/quotation-page';
import { SearchPage } from './search/search-page';

/** Later issues add their page here and set `built: true` on its route. */
export const PAGES: Readonly<Record<string, ComponentType>> = {
  home: HomePage,
  quotation: QuotationPage,
  login: AuthPage,
  register: AuthPage,
  forgot: AuthPage,
  user: AccountPage,
  account: AccountPage,
  changePassword: AccountPage,
  privacy: AccountPage,
  bindEmail: AccountPage,
  security: AccountPage,
  search: SearchPage,
  chart: ChartPage,
  place: PlacePage,
  position: PositionPage,
  history: HistoryPage,
};
