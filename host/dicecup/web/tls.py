"""`--web-cert CERT KEY`: the table screen and the phones over https on the LAN. On plain http anyone on the Wi-Fi
reads the pages' traffic, and someone who can alter it can rewrite a page; with a certificate the phones check,
neither. `self_signed` makes one for this machine's addresses (docs/playing.md says how, and how with openssl)."""
import ssl

from .errors import WebError


def tls_context(cert) -> ssl.SSLContext:
    """The server's TLS context from (certificate file, key file); WebError saying what is wrong with them."""
    import os

    cert_file, key_file = cert
    for path in cert:  # ssl's own errors don't say which file
        if not os.path.isfile(path):
            raise WebError(f"--web-cert: {path}: no such file")
        if not os.access(path, os.R_OK):
            raise WebError(f"--web-cert: {path}: can't read it (permission denied)")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert_file, key_file)
    except (ssl.SSLError, OSError, ValueError):
        raise WebError(f"--web-cert {cert_file} {key_file}: not a PEM certificate and its private key (make a pair "
                       "as docs/playing.md shows)") from None
    return context


def self_signed(cert_path, key_path, hosts=("127.0.0.1",), days: int = 825):
    """Write a self-signed certificate for `hosts` (IP addresses or names) and its key (0600), both PEM."""
    import datetime
    import ipaddress
    import os

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    names = []
    for host in hosts:
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"dicecup hub {hosts[0]}")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
                   .not_valid_after(now + datetime.timedelta(days=days))
                   .add_extension(x509.SubjectAlternativeName(names), critical=False)
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    with open(os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption()))
    with open(cert_path, "wb") as out:
        out.write(certificate.public_bytes(serialization.Encoding.PEM))
