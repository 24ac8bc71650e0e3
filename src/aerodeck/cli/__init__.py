"""The command line: `aerodeck games | rules | play | replay | simulate`."""
