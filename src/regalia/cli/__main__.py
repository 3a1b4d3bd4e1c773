from regalia.cli.main import main

main()
