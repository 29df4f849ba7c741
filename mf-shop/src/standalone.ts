import { renderStandalone } from '@pcpp/contracts/ui';
import Routes from './routes';

void renderStandalone('mf-shop', Routes);
