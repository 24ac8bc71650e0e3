"""One file per revision, oldest first: 0001 the first schema, 0002 the move clock."""
