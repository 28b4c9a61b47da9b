from dicecup.cli import main

raise SystemExit(main())
