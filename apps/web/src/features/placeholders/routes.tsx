import type { RouteObject } from 'react-router-dom';
import { lazy } from 'react';
import { soonFeatures } from './soon-features';

const SoonPage = lazy(() => import('./soon-page'));

/** The sidebar's Soon entries (/implementathon, /sre, …): a "coming soon" page naming each. */
export const comingSoonRoutes: RouteObject[] = soonFeatures.map(({ path, name }) => ({ path, element: <SoonPage feature={name} /> }));
