package demo

import (
	"context"
	"fmt"
	"time"

	"rehome/api"
	"rehome/app"
)

// demoPost is one of the admin's posts on Blogs, written as a community
// admin would: how to list well, how to meet safely, and a swap day.
type demoPost struct{ title, body string }

// posts are published oldest first, so the swap day, the news, is on top.
func posts(now time.Time) []demoPost {
	swap := swapDay(now)
	day := swap.Format("Monday 2 January")
	return []demoPost{
		{"How to list well: photos, honesty and a tape measure", `A good listing sells in days; a vague one sits for weeks and brings the same three questions from every buyer. Here is what works in Millbrook.

## Photos
- **Take them in daylight**, near a window, with the big light off. Phone flashes turn oak orange and teal grey.
- Show the whole piece first, then the details: the legs, the drawers open, the label, and **any mark or scratch up close**.
- Clear the clutter behind it. Nobody needs to see the laundry basket.

## Be honest about the condition
Pick *Excellent* only if it looks nearly new. A wobble, a chip or a smell of smoke belongs in the description: buyers forgive wear they were told about, not wear they discover at the door.

## Measure it
Width, depth and height, in centimetres, fill in the boxes on the listing form. Buyers search by what fits their room and their car. For sofas and wardrobes add the narrowest part, so people know whether it goes up their stairs.

## Price it to go
Look at what similar things sold for here. A fair price and a quick pickup beat a high price and a month of messages.`},
		{"A safe pickup, for buyers and sellers", `Almost every handover here is friendly and dull, which is how it should be. A few habits keep it that way.

1. **Meet in daylight.** Agree a time through the app's messages, so both of you have it in writing.
2. **Bring a friend**, especially for heavy things or when you go to someone's home. They also help you carry.
3. **Check the item before you pay.** Open the drawers, sit on the chair, plug in the lamp. If it is not as described, it is fine to say no thanks.
4. **Pay at the handover**, not before, unless you paid by card in the app. Never send money to hold an item for someone you have not met.
5. **Keep it in the app.** If someone asks you to move to another site or pay a "delivery fee" by link, report the listing and let us know.

If something feels wrong, leave. You can always book again another day.`},
		{"Swap day on " + day + " at the Community Hall", fmt.Sprintf(`Our next **swap day** is on **%s, 10:00 to 14:00**, at the Community Hall on Station Road.

Bring what you no longer need and take home what you do: small furniture, lamps, kitchenware, books and toys. Nothing is sold, everything is swapped or given.

- Items must be clean and working; no mattresses or large wardrobes, please.
- Arrive from 9:30 to set your things on the tables.
- Whatever is left at 14:00 goes to the Riverside charity shop.

We need **four volunteers** to help set up and carry. Message an admin if you can spare an hour. See you there!`, day)},
	}
}

// swapDay is a Saturday about two weeks ahead, so the post always reads
// as news.
func swapDay(now time.Time) time.Time {
	d := now.UTC().AddDate(0, 0, 14)
	for d.Weekday() != time.Saturday {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// writePosts publishes the posts as admin.
func writePosts(ctx context.Context, svc api.Services, admin *app.User, now time.Time) error {
	for _, p := range posts(now) {
		title, body := p.title, p.body
		if _, err := svc.Posts.CreatePost(ctx, admin, app.PostPatch{Title: &title, Body: &body}); err != nil {
			return fmt.Errorf("post %q: %w", p.title, err)
		}
	}
	return nil
}
