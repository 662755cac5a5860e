import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/auth-context';
import { Button, Card, Container, Spinner } from '../../ui';
import { ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';
import { MyDataSection } from './MyDataSection';
import { StatementsSection } from './StatementsSection';
import { useLeaveWhenSignedOut, useProfileFlow } from './profile-provider';
import * as s from './profile.css';

/** /profile: the user's registered data, an edit form for what may change, and 'Sair'. */
export function ProfilePage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { view, edit, cancel, save, signOut } = useProfileFlow();
  useLeaveWhenSignedOut();

  if (!user) {
    return (
      <Container className={s.page}>
        <Spinner label={t`Carregando`} />
      </Container>
    );
  }
  const { editing } = view;
  return (
    <Container className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>
          <Trans>Meu perfil</Trans>
        </h1>
        <Button variant="secondary" onClick={signOut}>
          <Trans>Sair</Trans>
        </Button>
      </header>
      <Card>
        <h2 className={s.sectionTitle}>{editing ? <Trans>Editar perfil</Trans> : <Trans>Seus dados</Trans>}</h2>
        {editing ? (
          <ProfileForm user={user} saving={view.saving} failure={view.failure} onSave={save} onCancel={cancel} />
        ) : (
          <>
            <ProfileDetails user={user} />
            <div className={s.actions}>
              <Button onClick={edit}>
                <Trans>Editar perfil</Trans>
              </Button>
            </div>
          </>
        )}
      </Card>
      <StatementsSection />
      <MyDataSection />
      <Card>
        <h2 className={s.sectionTitle}>
          <Trans id="profile.deleteAccount.sectionTitle">Excluir conta</Trans>
        </h2>
        <p>
          <Trans id="profile.deleteAccount.sectionIntro">
            Você pode excluir sua conta e seus dados pessoais quando quiser. Antes, mostramos o que acontece com as suas doações, a carteira
            e os vales-presente.
          </Trans>
        </p>
        <Link to="/profile/delete-account">
          <Trans id="profile.deleteAccount.link">Excluir minha conta</Trans>
        </Link>
      </Card>
    </Container>
  );
}
