"""What people look at. The terminal view (rich) comes first."""
