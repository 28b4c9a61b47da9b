"""`dicecup hub-key [--data DIR] [--json]`: this hub's public key and its fingerprint, for a league to register
(`dicecup history hubs add NAME PUBKEY` on the league's database). The key is made here the first time (the hub
makes it at its first start too): the data folder's hub.key, readable by its owner alone, signs every journal
whose game ended (docs/protocol.md, "Signed journals")."""
import json


def add_arguments(parser):
    parser.add_argument("--data", help="the data folder (default ~/.local/share/dicecup)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")


def run(args) -> int:
    from dicecup.datadir import data_dir
    from dicecup.hub.hubkey import HubKey

    key = HubKey.in_folder(data_dir(args.data))
    if args.json:
        print(json.dumps({"fingerprint": key.fingerprint, "public_key": key.public_hex}))
        return 0
    print(f"hub {key.fingerprint}")
    print(f"public key {key.public_hex}")
    print(f"a league registers it with: dicecup history hubs add NAME {key.public_hex}")
    return 0
