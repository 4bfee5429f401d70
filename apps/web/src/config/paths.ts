// The paths module lives in packages/shared so the server's e-mail links and redirects use it too.
export { paths } from '@localperks/shared';
