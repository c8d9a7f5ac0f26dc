import { Head } from '@inertiajs/react';
import type { PageProps } from '../shared/pages';
import bannerUrlDefault from '../components/assets/banner.svg';
import logoUrl from '../components/assets/logo.svg';
import AppLink from '../components/lib/AppLink';
import { ROUTES } from '../shared/routes';
import Icon from '../components/lib/Icon';
import SavedForOffline from '../components/offline/SavedForOffline';

interface Section {
  label: string;
  href: string;
  icon: string;
  signedInOnly: boolean;
}

const SECTIONS: Section[] = [
  { label: 'Resources', href: ROUTES.tag.path({ label: 'resource' }), icon: 'bi-journal-text', signedInOnly: false },
  { label: 'Training', href: ROUTES.tag.path({ label: 'training' }), icon: 'bi-mortarboard', signedInOnly: false },
  { label: 'People', href: ROUTES.tag.path({ label: 'person' }), icon: 'bi-people', signedInOnly: true },
  { label: 'Equipment', href: ROUTES.tag.path({ label: 'equipment' }), icon: 'bi-tools', signedInOnly: true },
];

export default function Home({ appName, intro, contactHref, bannerUrl, auth }: PageProps<'Home'>) {
  const sections = SECTIONS.filter((section) => !section.signedInOnly || auth.authenticated);
  return (
    <>
      <Head title="Home" />
      <img src={bannerUrl ?? bannerUrlDefault} alt="" className="img-fluid rounded w-100 mb-4 object-fit-cover" style={{ maxHeight: 240 }} />
      <div className="d-flex align-items-center gap-3 mb-3">
        <img src={logoUrl} alt={`${appName} logo`} width={64} height={64} />
        <h1 className="mb-0">{appName}</h1>
      </div>
      <p className="lead">{intro}</p>
      <SavedForOffline />
      <nav aria-label="Library sections" className="row g-3 my-4">
        {sections.map((section) => (
          <div key={section.href} className="col-12 col-sm-6 col-lg-3">
            <AppLink href={section.href} className="btn btn-primary btn-lg w-100 py-4 d-flex flex-column align-items-center gap-2">
              <Icon name={section.icon} className="fs-1" />
              {section.label}
            </AppLink>
          </div>
        ))}
      </nav>
      <p>
        Questions, suggestions or something to contribute? <a href={contactHref}>Contact us</a>.
      </p>
    </>
  );
}
