package live

// ring keeps the latest events, oldest overwritten first.
type ring struct {
	entries []Frame
	next    int // where the next event goes
	count   int
}

func (r *ring) add(f Frame) {
	r.entries[r.next] = f
	r.next = (r.next + 1) % len(r.entries)
	r.count = min(r.count+1, len(r.entries))
}

// oldest is the id of the oldest event held, or next when none is.
func (r *ring) oldest(next int64) int64 {
	if r.count == 0 {
		return next
	}
	return r.entries[(r.next-r.count+len(r.entries))%len(r.entries)].ID
}

// since are the events of userID after id, oldest first.
func (r *ring) since(id, userID int64) []Frame {
	var out []Frame
	for i := range r.count {
		f := r.entries[(r.next-r.count+i+len(r.entries))%len(r.entries)]
		if f.ID > id && f.UserID == userID {
			out = append(out, f)
		}
	}
	return out
}
