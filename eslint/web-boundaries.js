// Module boundaries of the web app and the domain, on resolved files (import/no-restricted-paths):
// however an import is written, relative (`../../cart/store/cart-store`) or through the `@/`
// alias, the file it lands on decides. docs/architecture.md 'apps/web' explains the layers.
import { existsSync, readdirSync } from 'node:fs';

const WEB = './apps/web/src';
const SERVER = './apps/server';
const DOMAIN = './packages/domain';

const featuresDir = `${WEB}/features`;
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** The public site: its pages load none of the two applications built beside it. */
const site = [
  `${WEB}/app`,
  `${WEB}/features`,
  `${WEB}/components`,
  `${WEB}/lib`,
  `${WEB}/main.tsx`,
  `${WEB}/entry-server.tsx`,
];
/** Code shared by the site and both applications: it knows none of them. */
const shared = [`${WEB}/components`, `${WEB}/lib`];
const clientArea = `${WEB}/client-app`;
const backOffice = `${WEB}/admin-app`;

export function webBoundaryZones() {
  return [
    {
      target: './apps/web',
      from: SERVER,
      message: 'The web app never imports the server: it speaks to it over HTTP.',
    },
    {
      target: SERVER,
      from: './apps/web',
      message: 'The server never imports the web app: it serves its build.',
    },
    ...features.map((feature) => ({
      target: `${featuresDir}/${feature}`,
      from: featuresDir,
      except: [`./${feature}`],
      message: 'Features do not import each other: lift shared code to src/components or src/lib.',
    })),
    {
      target: featuresDir,
      from: `${WEB}/app`,
      message: 'Features never import the app layer: the app composes the features.',
    },
    ...shared.map((target) => ({
      target,
      from: [featuresDir, `${WEB}/app`],
      message: 'Shared code (components, lib) never imports a feature or the app layer.',
    })),
    ...site.map((target) => ({
      target,
      from: [clientArea, backOffice],
      message:
        'The public site never imports the client area or the back office (docs/decisions/028-client-application.md, 031-back-office-application.md).',
    })),
    {
      target: clientArea,
      from: backOffice,
      message:
        'The client area and the back office are separate applications: they never import each other.',
    },
    {
      target: backOffice,
      from: clientArea,
      message:
        'The client area and the back office are separate applications: they never import each other.',
    },
  ];
}

/** The domain is pure rules: it imports no application. */
export function domainBoundaryZones() {
  return [
    {
      target: DOMAIN,
      from: ['./apps', './e2e', './scripts'],
      message: 'The domain package is pure: it imports no application.',
    },
  ];
}
