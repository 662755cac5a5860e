import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../../app/auth/auth-context';
import { Button, Card, Container, Spinner } from '../../ui';
import { ProfileDetails } from './ProfileDetails';
import { ProfileForm } from './ProfileForm';
import { useLeaveWhenSignedOut, useProfileFlow } from './profile-provider';
import * as s from './profile.css';

/** /profile: the user's registered data, an edit form for what may change, and 'Sair'. */
export function ProfilePage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { snapshot, edit, cancel, save, signOut } = useProfileFlow();
  useLeaveWhenSignedOut();

  if (!user) {
    return (
      <Container className={s.page}>
        <Spinner label={t`Carregando`} />
      </Container>
    );
  }
  const editing = snapshot.hasTag('state:editing');
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
          <ProfileForm
            user={user}
            saving={snapshot.hasTag('state:saving')}
            failure={snapshot.context.failure}
            onSave={save}
            onCancel={cancel}
          />
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
    </Container>
  );
}
