import { renderStandalone } from '@pcpp/contracts/ui/standalone';
import Routes from './routes';

void renderStandalone('mf-admin', Routes);
